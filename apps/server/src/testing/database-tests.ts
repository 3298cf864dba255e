import { readdirSync, readFileSync } from "node:fs"
import { join, relative, sep } from "node:path"

/**
 * Which server test files run on both databases. CI runs every server test on PostgreSQL (but
 * those that never reach it, see isPgliteOnly) and, on PGlite, only the database-specific ones:
 * those whose outcome can differ by backend. The rest drive the server over HTTP through the same
 * SQL on both, so a second run would repeat them.
 *
 * The rule decides from a file's place and text alone, so a new test needs no list entry and a
 * database test cannot run on one backend only by being forgotten. A file is database-specific
 * when it lives in a folder about the database (the connection, migrations, reliability, REST's
 * SQL and RLS, money, shared limits, outboxes), is a repository test (`*.repo.test.ts`), or its
 * text names a backend or tests what the backends do differently — requests at the same time,
 * races, transactions and locks: see DATABASE_MARKERS. Both backends are the same PostgreSQL
 * engine, so SQL a test runs itself to seed rows or check them does not make it one: the product's
 * SQL it exercises is the same on both, and the end-to-end specs run all of it on PGlite. Anything
 * else that is one says so with the comment `// database-specific`.
 */
export const DATABASE_FOLDERS = [
  "db/",
  "reliability/",
  "rest/",
  "billing/",
  "throttle/",
  "webhooks/",
  "mail/",
  "cli/",
] as const

/** What in a test's text makes it database-specific, with why. */
export const DATABASE_MARKERS: readonly { pattern: RegExp; why: string }[] = [
  { pattern: /database-specific/, why: "says so" },
  {
    pattern: /pglite|DATABASE_URL|openDatabase|openTestDatabase|\.database\.kind\b/i,
    why: "names a backend",
  },
  { pattern: /Promise\.(all|allSettled|race|any)\(/, why: "runs things at the same time" },
  { pattern: /concurren|simultaneous|in parallel|race\b|races\b/i, why: "tests a race" },
  { pattern: /\btransaction\b|\block(s|ed)?\b|deadlock/i, why: "tests transactions or locks" },
]

/**
 * Whether a test never reaches the database DATABASE_URL names: it starts its own server
 * processes or PGlite (the data directory's lock, crashes, signals) and passes no DATABASE_URL
 * on. It runs in the PGlite run only: in the PostgreSQL run it would repeat the same work.
 */
export function isPgliteOnly(text: string): boolean {
  return (
    /startServerProcess\(|kind: "pglite"/.test(text) &&
    !/DATABASE_URL|create\w*TestApp\(|openTestDatabase\(/.test(text)
  )
}

/** Whether a server test (path relative to apps/server/src, `/`-separated) runs on both. */
export function isDatabaseSpecific(path: string, text: string): boolean {
  return (
    isPgliteOnly(text) ||
    DATABASE_FOLDERS.some((folder) => path.startsWith(folder)) ||
    path.endsWith(".repo.test.ts") ||
    DATABASE_MARKERS.some(({ pattern }) => pattern.test(text))
  )
}

/** Every server test file under `src` (absolute), as paths relative to it, sorted. */
export function serverTestFiles(src: string): string[] {
  const files: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith(".test.ts")) files.push(relative(src, path).split(sep).join("/"))
    }
  }
  walk(src)
  return files.sort()
}

/**
 * The server tests under `src` (relative to it) of one CI run: on PostgreSQL, every test that
 * reaches it; on PGlite, the database-specific ones (the PGlite-only ones among them).
 */
export function testsOfRun(src: string, run: "postgres" | "pglite"): string[] {
  return serverTestFiles(src).filter((path) => {
    const text = readFileSync(join(src, path), "utf8")
    return run === "postgres" ? !isPgliteOnly(text) : isDatabaseSpecific(path, text)
  })
}
