import { dirname, join } from "node:path"

import { format, resolveConfig } from "prettier"

import { openDatabase } from "../database"
import { findMigrationsDir, migrate } from "../migrate"
import { readCatalog } from "./read-catalog"
import { renderDatabaseTypes } from "./render-types"

/** Where the generated types live: the contracts package the dashboard already imports. */
export const DATABASE_TYPES_FILE = join(
  dirname(dirname(findMigrationsDir())),
  "packages/contracts/src/database.types.ts",
)

/**
 * The `Database` type of schema public (what /rest/v1 exposes), read from a fresh in-memory
 * PGlite with every migration applied, formatted with the repository's Prettier settings.
 */
export async function generateDatabaseTypes(): Promise<string> {
  const database = await openDatabase({ kind: "pglite", dataDir: null })
  try {
    await migrate(database.db)
    const source = renderDatabaseTypes(await readCatalog(database.db))
    const options = await resolveConfig(DATABASE_TYPES_FILE)
    return format(source, { ...options, filepath: DATABASE_TYPES_FILE })
  } finally {
    await database.close()
  }
}
