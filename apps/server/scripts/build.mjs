// Bundles the server into dist/: workspace packages (TypeScript sources) are bundled in, npm
// dependencies stay external and load from node_modules.
import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

import { build } from "esbuild"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
// Pure-JavaScript packages spread over hundreds of ES modules are bundled in: resolving and
// reading their files was about half of the server's start-up CPU (npm run bench, scenario 6).
const bundled = new Set(["hono", "@hono/node-server", "@hono/zod-openapi", "kysely", "zod", "jose"])
const external = Object.keys(pkg.dependencies ?? {}).filter(
  (name) => !name.startsWith("@nativ/") && !bundled.has(name),
)

await build({
  entryPoints: {
    index: join(root, "src/index.ts"),
    cli: join(root, "src/cli/main.ts"),
    // Started by the server as a worker thread, from beside index.js (api/files/file-worker-pool.ts).
    "file-worker": join(root, "src/api/files/file-worker.ts"),
  },
  outdir: join(root, "dist"),
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  // A bundled package without an "exports" map is taken by its ES module entry: the "main" of some
  // (jsonc-parser, used by @nativ/i18n-files) is a UMD build whose lazy requires esbuild cannot follow.
  mainFields: ["module", "main"],
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js: "import { createRequire as __nativCreateRequire } from 'node:module'; const require = __nativCreateRequire(import.meta.url);",
  },
  logLevel: "warning",
})
