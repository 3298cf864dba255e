import type pg from "pg"

import { inlineParameters, literal } from "./sql-literal"

/** A statement with `$n` placeholders and the values bound to them (a compiled Kysely query). */
export type Statement = { sql: string; parameters: readonly unknown[] }

/** A plain command (`begin`, `commit`) or a parameterized statement. */
export type Step = string | Statement

/** What `afterwards` gets: the statements' results, and the connection to end the work on. */
export type Afterwards<T> = (results: pg.QueryResult[], client: pg.PoolClient) => Promise<T>

/** Most statement shapes one connection keeps prepared; past it, new shapes run unprepared. */
const MAX_PREPARED = 200
const NAME_PREFIX = "nativ_b"

let nextName = 0
const preparedByConnection = new WeakMap<pg.PoolClient, Map<string, string>>()

/**
 * Runs `steps` as ONE simple-protocol message on one pooled connection: one round trip however
 * many statements (node-postgres cannot pipeline, and on two cores each round trip costs more
 * than a small query). Each statement shape is prepared once per connection (PREPARE, then
 * EXECUTE with its values as literals), so Postgres parses and plans it once rather than on
 * every request. Returns the statements' results in order.
 *
 * On failure a transaction the steps opened is rolled back before the connection returns to the
 * pool. `afterwards` runs on the same connection while that transaction is still open.
 */
export async function runBatch<T = pg.QueryResult[]>(
  pool: pg.Pool,
  steps: Step[],
  afterwards?: Afterwards<T>,
): Promise<T> {
  const client = await pool.connect()
  let broken: Error | undefined
  try {
    const prepared = preparedFor(client)
    const pending = new Map<string, string>()
    // Built after connecting (which statements are prepared is per connection), and a value
    // Postgres cannot store throws here: the finally below still returns the connection.
    const { text, resultIndexes } = compose(steps, prepared, pending)
    try {
      const result = (await client.query(text)) as pg.QueryResult | pg.QueryResult[]
      for (const [sql, name] of pending) prepared.set(sql, name)
      const all = Array.isArray(result) ? result : [result]
      const results = resultIndexes.map((i) => all[i]!)
      return afterwards ? await afterwards(results, client) : (results as T)
    } catch (error) {
      broken = await recover(client, prepared, pending)
      throw error
    }
  } finally {
    client.release(broken)
  }
}

/** The batch as one message; `resultIndexes` says which results belong to `steps`' statements. */
function compose(steps: Step[], prepared: Map<string, string>, pending: Map<string, string>) {
  const commands: string[] = []
  const resultIndexes: number[] = []
  for (const step of steps) {
    if (typeof step === "string") {
      commands.push(step)
      continue
    }
    let name = prepared.get(step.sql) ?? pending.get(step.sql)
    if (!name && prepared.size + pending.size < MAX_PREPARED) {
      name = `${NAME_PREFIX}${nextName++}`
      pending.set(step.sql, name)
      commands.push(`prepare ${name} as ${step.sql}`)
    }
    resultIndexes.push(commands.length)
    commands.push(
      name ? execute(name, step.parameters) : inlineParameters(step.sql, step.parameters),
    )
  }
  return { text: commands.join(";\n"), resultIndexes }
}

function preparedFor(client: pg.PoolClient) {
  let prepared = preparedByConnection.get(client)
  if (!prepared) preparedByConnection.set(client, (prepared = new Map()))
  return prepared
}

function execute(name: string, parameters: readonly unknown[]) {
  return parameters.length === 0
    ? `execute ${name}`
    : `execute ${name}(${parameters.map(literal).join(", ")})`
}

/**
 * After a failure: ends a transaction left open (a failed statement inside BEGIN aborts it, and
 * the next request would fail), and learns which of this batch's PREPAREs ran before the failure
 * (prepared statements outlive a rollback). Returns an error when the connection is unusable.
 */
async function recover(
  client: pg.PoolClient,
  prepared: Map<string, string>,
  pending: Map<string, string>,
): Promise<Error | undefined> {
  try {
    await client.query("rollback")
    if (pending.size === 0) return undefined
    const { rows } = await client.query<{ name: string }>(
      `select name from pg_prepared_statements where starts_with(name, '${NAME_PREFIX}')`,
    )
    const exists = new Set(rows.map((r) => r.name))
    for (const [sql, name] of pending) if (exists.has(name)) prepared.set(sql, name)
    return undefined
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error))
  }
}
