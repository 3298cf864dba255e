// `npm run build`: builds the dashboard, the server and the design-tool plugins (each plugin once
// its workspace has a build script) and records what was built, so that
// `npm start` can skip an unchanged checkout. `--if-changed` skips the build when nothing changed.
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

import { buildIfChanged } from "./build-cache.mjs"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
try {
  buildIfChanged(root, { force: !process.argv.includes("--if-changed") })
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
