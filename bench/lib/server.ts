import { type ChildProcess, spawn } from "node:child_process"
import { readFileSync } from "node:fs"
import net from "node:net"
import { join } from "node:path"

import pg from "pg"

import { request } from "./http"

export const ROOT = join(import.meta.dirname, "..", "..")
export const PG_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres"
export const JWT_SECRET = "bench-secret-bench-secret-bench-secret-0123456789"

export type DbTarget = { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string }

export type Server = {
  url: string
  pid: number
  /** ms from spawn to the first 200 from /readyz */
  readyMs: number
  /** CPU time (user + system) the server process had used when it was ready: load-independent */
  readyCpuMs: number
  anonKey: string
  /** current and peak resident set size of the server process, in MB (from /proc) */
  memory(): { rssMb: number; peakMb: number }
  stop(): Promise<void>
}

/** Settings every bench server shares: production mode, limits raised so the load is measured. */
export function serverEnv(db: DbTarget, port: number): Record<string, string> {
  return {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    JWT_SECRET,
    LOG_LEVEL: "info",
    ENABLE_DEV_ROUTES: "true",
    MAIL_TRANSPORT: "outbox",
    BENCH_ROUTES: "true",
    RATE_LIMIT_AUTH_PER_MINUTE: "1000000",
    RATE_LIMIT_EMAIL_PER_HOUR: "1000000",
    RATE_LIMIT_API_KEY_PER_MINUTE: "1000000",
    RATE_LIMIT_API_KEY_BURST: "1000000",
    RATE_LIMIT_COMPANY_PER_MINUTE: "1000000",
    RATE_LIMIT_PLAYGROUND_PER_MINUTE: "1000000",
    RATE_LIMIT_PLAYGROUND_BURST: "1000000",
    ...(db.kind === "postgres" ? { DATABASE_URL: db.url } : { DATA_DIR: db.dataDir }),
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.on("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** User + system CPU time of a process in ms (/proc/PID/stat, clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
  return (Number(fields[11]) + Number(fields[12])) * 10
}

function readStatusMb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8")
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? Number.NaN)
  return kb / 1024
}

/** Starts the built server (apps/server/dist) in its own process and waits until it is ready. */
export async function startServer(db: DbTarget): Promise<Server> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const started = performance.now()
  // e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the servers
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []
  const entry = join(ROOT, "apps/server/dist/index.js")
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      ...serverEnv(db, port),
    },
    stdio: ["ignore", "ignore", "pipe"],
  })
  let stderr = ""
  child.stderr!.on("data", (chunk: Buffer) => {
    if (stderr.length < 20_000) stderr += chunk.toString()
  })
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)))
  let done = false
  void exited.then(() => (done = true))

  const deadline = Date.now() + 120_000
  let readyMs = -1
  let readyCpuMs = -1
  while (Date.now() < deadline && !done) {
    try {
      const res = await request(`${url}/readyz`)
      if (res.status === 200) {
        readyMs = performance.now() - started
        readyCpuMs = cpuMs(child.pid!)
        break
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5))
  }
  if (readyMs < 0) {
    child.kill("SIGKILL")
    throw new Error(`server did not become ready:\n${stderr}`)
  }
  const config = JSON.parse((await request(`${url}/config.json`)).body) as {
    supabaseAnonKey: string
  }
  const pid = child.pid!
  return {
    url,
    pid,
    readyMs,
    readyCpuMs,
    anonKey: config.supabaseAnonKey,
    memory: () => ({ rssMb: readStatusMb(pid, "VmRSS"), peakMb: readStatusMb(pid, "VmHWM") }),
    async stop() {
      if (done) return
      child.kill("SIGTERM")
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000)
      await exited
      clearTimeout(timer)
    },
  }
}

/** A fresh, empty PostgreSQL database for one bench run; drop() removes it. */
export async function createPgDatabase(): Promise<{
  url: string
  version: string
  drop(): Promise<void>
}> {
  const name = `nativ_bench_${Date.now()}_${process.pid}`
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL })
  await admin.connect()
  let version: string
  try {
    await admin.query(`create database ${name}`)
    version = (await admin.query<{ server_version: string }>("show server_version")).rows[0]!
      .server_version
  } finally {
    await admin.end()
  }
  return {
    url: `postgres://postgres@127.0.0.1:5432/${name}`,
    version,
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL })
      await c.connect()
      try {
        await c.query(`drop database if exists ${name} with (force)`)
      } finally {
        await c.end()
      }
    },
  }
}

/** `nativ seed-demo` from the build, as an operator runs it; returns its wall time in ms. */
export async function seedDemo(db: DbTarget, email: string, operations: number): Promise<number> {
  const started = performance.now()
  const env = serverEnv(db, 0)
  const child = spawn(
    process.execPath,
    [
      join(ROOT, "apps/server/dist/cli.js"),
      "seed-demo",
      "--email",
      email,
      "--operations",
      String(operations),
    ],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        ...env,
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  )
  let output = ""
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()))
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()))
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve))
  if (code !== 0) throw new Error(`seed-demo failed (${code}): ${output}`)
  return performance.now() - started
}
