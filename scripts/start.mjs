// `npm start`: builds only when a source changed since the last build (`npm start -- --build` or
// NATIV_REBUILD=1 always builds), then runs the built server in this process, so Ctrl+C and
// SIGTERM reach the server itself and its exit code is the command's.
import { dirname, join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

import { buildIfChanged } from "./build-cache.mjs"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const force = process.argv.includes("--build") || process.env.NATIV_REBUILD === "1"
try {
  buildIfChanged(root, { force })
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
await import(pathToFileURL(join(root, "apps/server/dist/index.js")).href)
