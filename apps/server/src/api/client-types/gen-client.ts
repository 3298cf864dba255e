import { writeFileSync } from "node:fs"

import { CLIENT_TYPES_FILE, generateClientTypes } from "./generate"

// `npm run gen:client`: rewrites packages/client/src/api-types.ts from the OpenAPI document.
writeFileSync(CLIENT_TYPES_FILE, await generateClientTypes())
process.stdout.write(`Wrote ${CLIENT_TYPES_FILE}\n`)
