import type { RawBuilder } from "kysely"
import type pg from "pg"

import type { Statement, Step } from "../db/batch"
import { isUuid } from "../db/uuid"
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
 * to Postgres (database.batch), each statement prepared once per connection. Without `check` the
 * settings and the statements travel as one multi-statement message, which Postgres runs as one
 * implicit transaction: no BEGIN or COMMIT to parse and execute, and a failing statement rolls
 * back everything before it just the same. A read marks the transaction read-only in the same
 * settings (`transaction_read_only` may always be turned on mid-transaction, never off), so a
 * write is refused with 25006 as under `begin read only`. Returns one result per statement.
 */
export async function runAsRequest(
  deps: AppDeps,
  auth: RequestAuth,
  statements: (RawBuilder<ResultRow> | Statement)[],
  { readOnly, check }: Options,
): Promise<pg.QueryResult<ResultRow>[]> {
  const { db } = deps.database
  const sub = auth.claims.sub
  const userId = typeof sub === "string" && isUuid(sub) ? sub : null
  const steps: Step[] = [
    {
      // The settings are not read back: echoing the claims would cost a parse per request. The
      // caller's company and role are read here, once, as the server's own role, for the
      // row-level security policies (see 20260107000000_request_membership.sql). First, a user's
      // token short of aal2 is refused when the account has a verified second factor
      // (auth/aal.ts): the membership row says so, and a person in no company is asked about;
      // refuse_without_aal2 checks auth.mfa_factors and raises, which stops the statements after
      // this one (20260108010200_membership_two_factor.sql).
      sql: `select 1 as ok from (select
        case when $5::boolean and (m.two_factor or m.auth_user_id is null)
          then nativ.refuse_without_aal2($4::uuid) end,
        set_config('nativ.company_id', coalesce(m.company_id::text, ''), true),
        set_config('nativ.member_role', coalesce(m.role, ''), true),
        set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
        set_config('timezone', 'UTC', true), set_config('transaction_read_only', $3, true)
        from (select) request left join nativ.memberships m on m.auth_user_id = $4::uuid) settings`,
      parameters: [
        auth.role,
        JSON.stringify(auth.claims),
        readOnly ? "on" : "off",
        userId,
        userId !== null && auth.role === "authenticated" && auth.claims.aal !== "aal2",
      ],
    },
    ...statements.map((statement) => ("compile" in statement ? statement.compile(db) : statement)),
  ]
  const ours = (results: pg.QueryResult[]) => results.slice(1) as pg.QueryResult<ResultRow>[]
  if (!check) return ours(await deps.database.batch(steps))
  return deps.database.batch(["begin", ...steps], async (results, client) => {
    check(ours(results))
    await client.query("commit")
    return ours(results)
  })
}

/** The first row of a statement's result, or the shape of an empty one. */
export function firstRow(result: pg.QueryResult<ResultRow> | undefined): ResultRow {
  return result?.rows[0] ?? { total: null, page_count: 0, body: null }
}
