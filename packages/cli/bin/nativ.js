#!/usr/bin/env node
// In this repository the CLI runs its TypeScript sources through tsx (as the rest of the
// repository does), so `npx nativ` always runs the code as it is; the published package ships
// only the esbuild bundle (npm run build -w @nativ/cli → dist/nativ.js).
import { existsSync } from "node:fs"

const sources = new URL("../src/main.ts", import.meta.url)
if (existsSync(sources)) {
  const { register } = await import("tsx/esm/api")
  register()
  const { main } = await import(sources.href)
  await main()
} else {
  const { main } = await import(new URL("../dist/nativ.js", import.meta.url).href)
  await main()
}
