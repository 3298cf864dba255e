import type { ColumnType, Generated, Kysely } from "kysely"

/**
 * The database handle's table types. The server writes its queries as raw `sql`, so Kysely's query
 * builder knows only the tables it is used on (tests); add a table here when a query needs it. The
 * shapes of every table the dashboard reads are generated from supabase/migrations into
 * packages/contracts/src/database.types.ts (`npm run gen:types`).
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>

export interface UserLanguagesMappingTable {
  id: Generated<string>
  user_id: string
  language: string
  language_code: string
  created_at: Generated<Timestamp>
}

export interface DB {
  user_languages_mapping: UserLanguagesMappingTable
}

export type Db = Kysely<DB>
