import type { RawBuilder } from "kysely"
import type pg from "pg"

import type { Step } from "../db/batch"
import type { AppDeps } from "../deps"
import type { ResultRow } from "./build-sql"
import type { RequestAuth } from "./request-auth"

type Options = {
  readOnly: boolean
  /**
   * Runs before COMMIT with the statements' results; throwing rolls the request back. Without
   * it the whole request is one round trip; with it, two.
   */
  check?: (results: pg.QueryResult<ResultRow>[]) => void
}

/**
 * Runs a REST request's statements as PostgREST does — one transaction, as the JWT's role, with
 * `request.jwt.claims` set, so row-level security decides what they see — in a single round trip
 * to Postgres (database.batch): BEGIN, the settings, the statements and COMMIT travel as one
 * message, each statement prepared once per connection. Returns one result per statement.
 */
export async function runAsRequest(
  deps: AppDeps,
  auth: RequestAuth,
  statements: RawBuilder<ResultRow>[],
  { readOnly, check }: Options,
): Promise<pg.QueryResult<ResultRow>[]> {
  const { db } = deps.database
  const steps: Step[] = [
    readOnly ? "begin read only" : "begin",
    {
      // The settings are not read back: echoing the claims would cost a parse per request.
      sql: `select 1 as ok from (select set_config('role', $1, true),
        set_config('request.jwt.claims', $2, true), set_config('timezone', 'UTC', true)) settings`,
      parameters: [auth.role, JSON.stringify(auth.claims)],
    },
    ...statements.map((statement) => statement.compile(db)),
  ]
  const ours = (results: pg.QueryResult[]) => results.slice(1) as pg.QueryResult<ResultRow>[]
  if (!check) return ours(await deps.database.batch([...steps, "commit"]))
  return deps.database.batch(steps, async (results, client) => {
    check(ours(results))
    await client.query("commit")
    return ours(results)
  })
}

/** The first row of a statement's result, or the shape of an empty one. */
export function firstRow(result: pg.QueryResult<ResultRow> | undefined): ResultRow {
  return result?.rows[0] ?? { total: null, page_count: 0, body: null }
}
