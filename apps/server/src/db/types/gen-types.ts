import { writeFileSync } from "node:fs"

import { DATABASE_TYPES_FILE, generateDatabaseTypes } from "./generate"

// `npm run gen:types`: rewrites packages/contracts/src/database.types.ts from the migrations.
writeFileSync(DATABASE_TYPES_FILE, await generateDatabaseTypes())
process.stdout.write(`Wrote ${DATABASE_TYPES_FILE}\n`)
