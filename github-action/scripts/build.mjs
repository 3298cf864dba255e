// Bundles the Action into dist/index.js — everything inlined (the CLI's core, @actions/core,
// Octokit), as a JavaScript action runs without node_modules. See the README's release step.
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

import { build } from "esbuild"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")

await build({
  entryPoints: { index: join(root, "src/entry.ts") },
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
