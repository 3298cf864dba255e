import { type ChildProcess, spawn, spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"

import {
  DataDirLockedError,
  LOCK_FILE,
  lockDataDir,
  processStartTime,
  readLockHolder,
  recordServerUrl,
} from "./data-dir-lock"

/** A process that is not Nativ (sleep), and a Node process standing in for a running server. */
let other: ChildProcess
let node: ChildProcess
let dir: string

beforeAll(() => {
  other = spawn("sleep", ["60"], { stdio: "ignore" })
  node = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" })
})
afterAll(() => {
  other.kill("SIGKILL")
  node.kill("SIGKILL")
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function dataDirWithLock(content: string) {
  dir = mkdtempSync(join(tmpdir(), "nativ-lock-"))
  writeFileSync(join(dir, LOCK_FILE), content)
  return dir
}

function deadPid() {
  const done = spawnSync("true")
  return done.pid!
}

describe("the data directory lock", () => {
  it("records our pid and start time, and is released", () => {
    dir = mkdtempSync(join(tmpdir(), "nativ-lock-"))
    const release = lockDataDir(dir)
    expect(readLockHolder(dir)).toEqual({
      pid: process.pid,
      started: processStartTime(process.pid),
      url: null,
    })
    expect(processStartTime(process.pid)).toMatch(/^\d+$/)
    release()
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
  })

  it("refuses a directory whose holder still runs, naming its pid", () => {
    const lock = { pid: node.pid, started: processStartTime(node.pid!), url: null }
    dataDirWithLock(JSON.stringify(lock))
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError)
    expect(() => lockDataDir(dir)).toThrow(`in use by another Nativ process (pid ${node.pid})`)
  })

  it("takes over a lock whose pid now belongs to another process", () => {
    const started = Number(processStartTime(other.pid!))
    dataDirWithLock(JSON.stringify({ pid: other.pid, started: String(started - 1), url: null }))
    const release = lockDataDir(dir)
    expect(readLockHolder(dir)?.pid).toBe(process.pid)
    release()
  })

  it("takes over a lock naming a running program that is not Nativ, even with that program's start time", () => {
    const lock = { pid: other.pid, started: processStartTime(other.pid!), url: null }
    dataDirWithLock(JSON.stringify(lock))
    const release = lockDataDir(dir)
    expect(readLockHolder(dir)?.pid).toBe(process.pid)
    release()
  })

  it("takes over a lock whose process has ended", () => {
    dataDirWithLock(JSON.stringify({ pid: deadPid(), started: "1", url: null }))
    lockDataDir(dir)()
  })

  it("takes over an older pid-only lock held by a program that is not Node, but not one held by Node", () => {
    dataDirWithLock(String(other.pid))
    lockDataDir(dir)()
    dataDirWithLock(String(node.pid))
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError)
  })

  it("records where the holder's server listens, for operator commands", () => {
    dir = mkdtempSync(join(tmpdir(), "nativ-lock-"))
    const release = lockDataDir(dir)
    recordServerUrl(dir, "http://127.0.0.1:4321")
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), "utf8"))).toMatchObject({
      pid: process.pid,
      url: "http://127.0.0.1:4321",
    })
    release()
  })
})
