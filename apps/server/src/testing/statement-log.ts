import type pg from "pg"

/** One statement sent to the database: when the code asked for it and when its answer came. */
export type LoggedStatement = { text: string; askedAt: number; answeredAt: number }

type AnyFn = (...args: unknown[]) => unknown
type Patchable = { query: AnyFn; connect: AnyFn }

const WRAPPED = Symbol("statement-log")

/** A client is wrapped once and logs into whichever log is running (pools reuse clients). */
let active: { statements: LoggedStatement[]; checkedOutAt: WeakMap<object, number> } | null = null

/**
 * Logs every statement sent through `pool` (Kysely and the rate-limit store both use it, on PGlite
 * and on PostgreSQL) until `stop()`. A statement counts as asked when its code asked: for the
 * first statement on a checked-out connection, when the connection was asked for — on PGlite's
 * one-connection pool a statement may wait in the pool's queue, and that wait is not a round trip.
 */
export function logStatements(pool: pg.Pool) {
  const statements: LoggedStatement[] = []
  const target = pool as unknown as Patchable
  const connect = target.connect
  // A checked-out client → when its connection was asked for, until its first statement.
  const checkedOutAt = new WeakMap<object, number>()
  active = { statements, checkedOutAt }

  const wrapClient = (client: Patchable & { [WRAPPED]?: true }) => {
    if (client[WRAPPED]) return
    client[WRAPPED] = true
    const query = client.query
    client.query = function (this: unknown, ...args: unknown[]) {
      if (!active) return query.apply(this, args)
      const { statements, checkedOutAt } = active
      const first = args[0] as string | { text?: string }
      const text = typeof first === "string" ? first : (first?.text ?? "")
      const askedAt = checkedOutAt.get(client) ?? performance.now()
      checkedOutAt.delete(client)
      const entry = { text, askedAt, answeredAt: Number.NaN }
      statements.push(entry)
      const last = args[args.length - 1]
      if (typeof last === "function") {
        args[args.length - 1] = (...result: unknown[]) => {
          entry.answeredAt = performance.now()
          return (last as AnyFn)(...result)
        }
        return query.apply(this, args)
      }
      const answered = () => (entry.answeredAt = performance.now())
      const result = query.apply(this, args) as Promise<unknown>
      return result.then(
        (value) => (answered(), value),
        (error: unknown) => {
          answered()
          throw error
        },
      )
    }
  }

  target.connect = function (this: unknown, ...args: unknown[]) {
    const askedAt = performance.now()
    const callback = args[0]
    if (typeof callback === "function")
      return connect.call(this, (error: unknown, client: Patchable, release: unknown) => {
        if (client) {
          wrapClient(client)
          checkedOutAt.set(client, askedAt)
        }
        return (callback as AnyFn)(error, client, release)
      })
    return (connect.call(this) as Promise<Patchable>).then((client) => {
      wrapClient(client)
      checkedOutAt.set(client, askedAt)
      return client
    })
  }

  return {
    statements,
    stop() {
      active = null
      target.connect = connect
    },
  }
}

/**
 * The longest chain of statements that waited on one another: a statement asked after another's
 * answer came may have needed it; statements asked before any of them answered ran side by side.
 * This is the number of database round trips a request waits for in turn.
 */
export function sequentialRoundTrips(statements: LoggedStatement[]): number {
  // In the order asked, every statement answered before one was asked already has its depth.
  const asked = [...statements].sort((a, b) => a.askedAt - b.askedAt)
  const depth: number[] = []
  asked.forEach((s, i) => {
    let before = 0
    for (let j = 0; j < i; j++)
      if (asked[j]!.answeredAt <= s.askedAt) before = Math.max(before, depth[j]!)
    depth[i] = before + 1
  })
  return Math.max(0, ...depth)
}
