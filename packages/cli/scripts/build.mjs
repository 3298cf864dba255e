// `npm run build -w @nativ/cli`: bundles the CLI into dist/nativ.js for publishing — the workspace
// packages (TypeScript) inlined, npm dependencies too, so the published package needs only Node.
// bin/nativ.js runs the bundle when it exists, else the sources through tsx.
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

import { build } from "esbuild"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")

await build({
  entryPoints: { nativ: join(root, "src/main.ts") },
  outdir: join(root, "dist"),
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  // ESM builds first: some packages' UMD "main" (jsonc-parser) require files esbuild cannot see.
  mainFields: ["module", "main"],
  minify: true,
  banner: {
    js: "import { createRequire as __nativCreateRequire } from 'node:module'; const require = __nativCreateRequire(import.meta.url);",
  },
  logLevel: "warning",
})
