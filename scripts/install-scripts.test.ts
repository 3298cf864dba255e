import { execFileSync } from "node:child_process"
import { join } from "node:path"

import { expect, it } from "vitest"

// npm 11 ends every install with a notice listing the dependencies whose install scripts nobody
// has reviewed; each must be approved or denied in package.json's allowScripts (see README).
it("leaves no installed dependency's install script unreviewed", () => {
  const output = execFileSync("npm", ["install-scripts", "ls", "--json"], {
    cwd: join(import.meta.dirname, ".."),
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  })
  expect(JSON.parse(output)).toEqual({ allowScripts: [] })
})
