import { type ChildProcess, spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import { rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"

import { LOCK_FILE, processStartTime, readLockHolder } from "../db/data-dir-lock"
import { migratedDataDir } from "../testing/data-dir"
import { killServerProcesses, startServerProcess, waitForReady } from "../testing/server-process"

/**
 * The embedded database's lock file (`DATA_DIR/nativ.lock`, PGlite only, so every run starts the
 * server on PGlite): a lock left by a crash whose pid now belongs to another program never keeps
 * the server from starting, and a lock held by a running server still keeps a second one out.
 */

let sleeper: ChildProcess
const dirs: string[] = []
beforeAll(() => {
  sleeper = spawn("sleep", ["120"], { stdio: "ignore" })
})
afterEach(() => {
  killServerProcesses()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})
afterAll(() => {
  sleeper.kill("SIGKILL")
})

function dataDir() {
  const dir = migratedDataDir("nativ-lock-")
  dirs.push(dir)
  return dir
}

const jwt = () => ({ JWT_SECRET: randomBytes(32).toString("hex") })

describe("a server starting on a data directory with a lock file", () => {
  it("starts when the lock names a running program that is not Nativ (a reused pid)", async () => {
    const dir = dataDir()
    const stale = { pid: sleeper.pid, started: processStartTime(sleeper.pid!), url: null }
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify(stale))

    const server = await startServerProcess({ ...jwt(), DATA_DIR: dir })
    await waitForReady(server.url, 150_000)
    expect(readLockHolder(dir)).toMatchObject({ pid: server.child.pid, url: server.url })
    expect(sleeper.exitCode).toBeNull()

    server.child.kill("SIGTERM")
    expect(await server.exited).toBe(0)
  }, 180_000)

  it("refuses to start while a running server holds the lock, naming its pid", async () => {
    const dir = dataDir()
    const env = { ...jwt(), DATA_DIR: dir }
    const holder = await startServerProcess(env)
    await waitForReady(holder.url, 150_000)

    const second = await startServerProcess(env)
    expect(await second.exited).toBe(1)
    expect(second.output()).toContain(`in use by another Nativ process (pid ${holder.child.pid})`)
    expect((await fetch(`${holder.url}/readyz`)).status).toBe(200)
  }, 180_000)
})
