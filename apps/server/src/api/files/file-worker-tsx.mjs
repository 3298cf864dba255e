// The file worker from the source tree (tests, `npm run dev`): a worker thread starts without its
// parent's TypeScript loader, so it registers tsx before loading the worker. The bundled server
// starts dist/file-worker.js instead (scripts/build.mjs).
import { register } from "tsx/esm/api"

register()
await import("./file-worker.ts")
