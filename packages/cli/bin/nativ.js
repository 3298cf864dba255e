#!/usr/bin/env node
// From the repository the package runs its TypeScript sources through tsx; a published package
// runs the esbuild bundle in dist/ (npm run build -w @nativ/cli).
import { existsSync } from "node:fs"

const bundle = new URL("../dist/nativ.js", import.meta.url)
const fromSources = !existsSync(bundle) || process.env.NATIV_CLI_FROM_SOURCES === "1"
if (fromSources) {
  const { register } = await import("tsx/esm/api")
  register()
}
const { main } = await import(fromSources ? "../src/main.ts" : bundle.href)
await main()
