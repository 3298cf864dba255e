import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

import { afterEach, describe, expect, it } from "vitest"

import {
  freePort,
  killServerProcesses,
  startServerProcess,
  waitForReady,
} from "./testing/server-process"

const dirs: string[] = []

afterEach(() => {
  killServerProcesses()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe("the server process", () => {
  it("starts on an empty data directory, prints the URL and anon key, and exits 0 on SIGTERM", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "nativ-proc-"))
    dirs.push(dataDir)
    const port = await freePort()
    const server = await startServerProcess({ DATA_DIR: dataDir, PORT: String(port) })
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
    const server = await startServerProcess({
      PORT: "not-a-port",
      MAIL_TRANSPORT: "carrier-pigeon",
    })
    expect(await server.exited).toBe(1)
    expect(server.output()).toContain("PORT")
    expect(server.output()).toContain("MAIL_TRANSPORT")
  }, 30_000)
})
