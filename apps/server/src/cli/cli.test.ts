import { type ChildProcess, spawn } from "node:child_process"
import { rmSync } from "node:fs"
import { createServer } from "node:net"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

import { sql } from "kysely"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest"

import { createAuthTestApp, lastMailTo, uniqueEmail } from "../auth/test-kit"
import { openDatabase } from "../db/database"
import type { OutboxMessage } from "../mail/outbox"
import { migratedDataDir } from "../testing/data-dir"
import type { TestApp } from "../testing/test-app"
import { inviteThroughApi } from "./invite"

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), "../..")
const repoRoot = resolve(serverDir, "../..")

/** Runs a TypeScript entry point as its own process, with a clean environment plus `env`. */
function start(entry: string, args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _omit, ...parent } = process.env
  const child = spawn(process.execPath, ["--import", "tsx", join(serverDir, entry), ...args], {
    cwd: repoRoot,
    env: { ...parent, NODE_ENV: "development", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let stdout = ""
  let stderr = ""
  child.stdout.on("data", (d) => (stdout += d))
  child.stderr.on("data", (d) => (stderr += d))
  const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)))
  return { child, exited, output: () => ({ stdout, stderr }) }
}

async function run(entry: string, args: string[], env: Record<string, string>) {
  const proc = start(entry, args, env)
  const code = await proc.exited
  return { code, ...proc.output() }
}

function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number }
      server.close(() => done(port))
    })
  })
}

async function waitFor(check: () => boolean, what: string, child: ChildProcess, ms = 180_000) {
  const until = Date.now() + ms
  while (!check()) {
    if (child.exitCode !== null) throw new Error(`${what}: the process exited`)
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe("operator CLI: invite", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createAuthTestApp()
  })
  afterAll(() => app.close())

  it("invites through a running server's admin API with the service-role key", async () => {
    const email = uniqueEmail("cliapi")
    const id = await inviteThroughApi(app.url, app.deps.keys.serviceRole, email, {
      company_name: "Api Co",
    })
    const { rows } = await sql<{ email: string; invited_at: Date | null; name: string }>`
      select a.email, a.invited_at, u.name from auth.users a join public.users u on u.id = a.id
      where a.id = ${id}::uuid`.execute(app.deps.database.db)
    expect(rows).toEqual([{ email, invited_at: expect.any(Date), name: "Api Co" }])
    expect((await lastMailTo(app, email)).subject).toMatch(/invited/i)
  })

  it("reports the server's refusal", async () => {
    await expect(
      inviteThroughApi(app.url, app.deps.keys.anon, uniqueEmail("cliapi"), {}),
    ).rejects.toThrow(/403.*User not allowed/)
  })
})

describe("processes on one PGlite data directory", () => {
  let dataDir: string
  let server: ReturnType<typeof start> | undefined
  beforeAll(() => {
    dataDir = migratedDataDir("nativ-cli-")
  })
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill("SIGKILL")
      await server.exited
    }
    rmSync(dataDir, { recursive: true, force: true })
  })

  // The PGlite processes once, in the suite's PGlite run; the PostgreSQL run adds the test below.
  const onPglite = !process.env.DATABASE_URL
  // Each step starts a process (tsx, and a PGlite that takes seconds to open): slow on a busy machine.
  if (onPglite)
    it("lists the invite command in help", { timeout: 120_000 }, async () => {
      const { code, stdout } = await run("src/cli/main.ts", ["help"], { DATA_DIR: dataDir })
      expect(code).toBe(0)
      expect(stdout).toMatch(/invite\s+invite an account/)
    })

  if (onPglite)
    it("invites directly, then through the server that holds the lock, which a second server cannot take", async () => {
      const port = await freePort()
      const env = { DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }
      // The commands are given only the data directory: they find the server through its lock file.
      const cli = { DATA_DIR: dataDir }

      // No server yet: the CLI opens the database itself.
      const direct = await run(
        "src/cli/main.ts",
        ["invite", "first@example.test", "--company", "First"],
        cli,
      )
      expect(direct.stderr).toBe("")
      expect(direct.code).toBe(0)
      expect(direct.stdout).toMatch(/Invited first@example\.test .*via the database/)
      // The founder's user id is the new company's id; invite a member into it, directly too.
      const companyId = /\(user ([0-9a-f-]{36})/.exec(direct.stdout)![1]!
      const member = await run(
        "src/cli/main.ts",
        ["invite", "member@example.test", "--company-id", companyId],
        cli,
      )
      expect(member.stderr).toBe("")
      expect(member.stdout).toMatch(
        new RegExp(
          `Invited member@example\\.test to company ${companyId} as member .*via the database`,
        ),
      )

      server = start("src/index.ts", [], env)
      await waitFor(
        () => server!.output().stdout.includes("Nativ is running"),
        "the server",
        server.child,
      )

      const second = await run("src/index.ts", [], { ...env, PORT: "0" })
      expect(second.code).not.toBe(0)
      expect(second.stderr).toContain(
        `The data directory ${dataDir} is in use by another Nativ process`,
      )

      // The server holds the lock: the CLI goes through its admin API.
      const viaApi = await run("src/cli/main.ts", ["invite", "second@example.test"], cli)
      expect(viaApi.stderr).toBe("")
      expect(viaApi.code).toBe(0)
      expect(viaApi.stdout).toMatch(/Invited second@example\.test .*via the api/)
      expect(viaApi.stdout).toContain(`mailbox at http://127.0.0.1:${port}/_mail`)
      const adminViaApi = await run(
        "src/cli/main.ts",
        ["invite", "admin@example.test", "--company-id", companyId, "--role", "admin"],
        cli,
      )
      expect(adminViaApi.stderr).toBe("")
      expect(adminViaApi.stdout).toMatch(/to company .* as admin .*via the api/)
      // One company per email: the founder cannot be invited into it again.
      const taken = await run(
        "src/cli/main.ts",
        ["invite", "first@example.test", "--company-id", companyId],
        cli,
      )
      expect(taken.code).toBe(1)
      expect(taken.stderr).toContain("first@example.test already has a Nativ account")

      const res = await fetch(`http://127.0.0.1:${port}/_mail/messages.json`)
      const mails = (await res.json()) as OutboxMessage[]
      expect(mails.map((m) => m.to)).toEqual([
        "admin@example.test",
        "second@example.test",
        "member@example.test",
        "first@example.test",
      ])
      // A new company's first owner is invited to Nativ; a member to join their company on it,
      // the invitation naming who invited them and as what.
      for (const mail of mails)
        expect(mail.subject).toMatch(
          /^(You have been invited to Nativ|.+ invited you to join .+ on Nativ as (an? )?(owner|admin|member))$/,
        )

      const seeded = await run(
        "src/cli/main.ts",
        ["seed-demo", "--email", "second@example.test", "--operations", "120"],
        cli,
      )
      expect(seeded.stderr).toBe("")
      expect(seeded.code).toBe(0)
      expect(seeded.stdout).toMatch(
        new RegExp(
          `Seeded 120 operations .* for second@example\\.test .*via the server at http://127\\.0\\.0\\.1:${port}`,
        ),
      )
      const unknown = await run(
        "src/cli/main.ts",
        ["seed-demo", "--email", "nobody@example.test"],
        cli,
      )
      expect(unknown.code).toBe(1)
      expect(unknown.stderr).toContain("(404): No account with the email nobody@example.test")

      server.child.kill("SIGTERM")
      expect(await server.exited).toBe(0)

      const database = await openDatabase({ kind: "pglite", dataDir })
      const { rows } = await sql<{ operations: number; credits: number }>`
      select (select count(*)::int from public.operations o where o.user_id = u.id) as operations, u.credits
      from public.users u join auth.users a on a.id = u.id where a.email = 'second@example.test'
    `.execute(database.db)
      await database.close()
      expect(rows).toEqual([{ operations: 120, credits: 50_000 }])
      // Eleven processes, each starting tsx and a PGlite: 240 s ran out at load 14 in CI.
    }, 480_000)

  // Only where a PostgreSQL server is configured (the PostgreSQL run of the suite).
  if (process.env.DATABASE_URL)
    it("invites on a PostgreSQL server through DATABASE_URL", async () => {
      const url = process.env.DATABASE_URL!
      const name = `nativ_cli_${process.pid}`
      const admin = new pg.Client({ connectionString: url })
      await admin.connect()
      const template = inject("pgTemplate")
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`)
      const target = new URL(url)
      target.pathname = `/${name}`
      try {
        const result = await run(
          "src/cli/main.ts",
          ["invite", "pg@example.test", "--company", "Pg"],
          {
            DATA_DIR: dataDir,
            DATABASE_URL: target.toString(),
          },
        )
        expect(result.code).toBe(0)
        const database = await openDatabase({
          kind: "postgres",
          url: target.toString(),
          poolSize: 1,
        })
        const { rows } = await sql<{ name: string }>`select u.name from public.users u
          join auth.users a on a.id = u.id where a.email = 'pg@example.test'`.execute(database.db)
        await database.close()
        expect(rows).toEqual([{ name: "Pg" }])
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`)
        await admin.end()
      }
    }, 120_000)
})
