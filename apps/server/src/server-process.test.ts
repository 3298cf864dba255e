import { type ChildProcess, spawn } from "node:child_process"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"

import { afterEach, describe, expect, it } from "vitest"

const entry = join(import.meta.dirname, "index.ts")
const dirs: string[] = []
const children: ChildProcess[] = []

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL")
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function freePort() {
  return new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    env: { PATH: process.env.PATH, LOG_LEVEL: "warn", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  children.push(child)
  let output = ""
  child.stdout!.on("data", (d) => (output += d))
  child.stderr!.on("data", (d) => (output += d))
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)))
  return { child, exited, output: () => output }
}

async function waitForReady(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/readyz`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error("server did not become ready")
}

describe("the server process", () => {
  it("starts on an empty data directory, prints the URL and anon key, and exits 0 on SIGTERM", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "nativ-proc-"))
    dirs.push(dataDir)
    const port = await freePort()
    const server = startServer({ DATA_DIR: dataDir, PORT: String(port) })
    await waitForReady(`http://127.0.0.1:${port}`)
    expect(server.output()).toContain(`http://localhost:${port}`)
    expect(server.output()).toMatch(/Anon key: +eyJ/)
    expect(existsSync(join(dataDir, "nativ.lock"))).toBe(true)
    expect(existsSync(join(dataDir, "jwt-secret"))).toBe(true)

    server.child.kill("SIGTERM")
    expect(await server.exited).toBe(0)
    expect(existsSync(join(dataDir, "nativ.lock"))).toBe(false)
  }, 90_000)

  it("stops at start-up with a message naming a bad variable", async () => {
    const server = startServer({ PORT: "not-a-port", MAIL_TRANSPORT: "carrier-pigeon" })
    expect(await server.exited).toBe(1)
    expect(server.output()).toContain("PORT")
    expect(server.output()).toContain("MAIL_TRANSPORT")
  }, 30_000)
})
