import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs"
import { basename, join } from "node:path"

/** Who holds a data directory: the process, when it started, and where its server listens. */
export type LockHolder = {
  pid: number
  /** The process's start time in clock ticks since boot (/proc/PID/stat), null where unknown. */
  started: string | null
  /** The running server's base URL, once it listens (operator commands go through it). */
  url: string | null
}

export class DataDirLockedError extends Error {
  constructor(
    message: string,
    readonly holder: LockHolder | null = null,
  ) {
    super(message)
  }
}

export const LOCK_FILE = "nativ.lock"

/**
 * PGlite has no lock of its own: two processes on one data directory silently lose one's writes.
 * We hold an exclusive lock file (created with O_EXCL) naming our pid and the process's start
 * time. A lock is taken over when its process no longer runs, or when the pid now belongs to
 * another process (pids are reused: after a crash or a reboot any program may hold the old one):
 * one that started at another time, or that is not Node at all.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const path = join(dataDir, LOCK_FILE)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx")
      const self: LockHolder = {
        pid: process.pid,
        started: processStartTime(process.pid),
        url: null,
      }
      writeSync(fd, JSON.stringify(self))
      closeSync(fd)
      let released = false
      return () => {
        if (released) return
        released = true
        rmSync(path, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
      const holder = readLockHolder(dataDir)
      if (holder && holder.pid !== process.pid && holdsTheLock(holder)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another Nativ process (pid ${holder.pid}). ` +
            "Stop it first, or point DATA_DIR elsewhere.",
          holder,
        )
      }
      rmSync(path, { force: true })
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}.`)
}

/** The lock file's holder; a lock written before start times were recorded holds only a pid. */
export function readLockHolder(dataDir: string): LockHolder | null {
  let text: string
  try {
    text = readFileSync(join(dataDir, LOCK_FILE), "utf8").trim()
  } catch {
    return null
  }
  if (/^\d+$/.test(text)) return { pid: Number(text), started: null, url: null }
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>
    if (!Number.isInteger(parsed.pid)) return null
    return {
      pid: parsed.pid!,
      started: typeof parsed.started === "string" ? parsed.started : null,
      url: typeof parsed.url === "string" ? parsed.url : null,
    }
  } catch {
    return null
  }
}

/** Records where this process's server listens, in the lock it holds. */
export function recordServerUrl(dataDir: string, url: string) {
  const holder = readLockHolder(dataDir)
  if (holder?.pid !== process.pid) return
  const path = join(dataDir, LOCK_FILE)
  // Replaced in one rename: the lock file never disappears, nor is it read half-written.
  writeFileSync(`${path}.${process.pid}`, JSON.stringify({ ...holder, url }))
  renameSync(`${path}.${process.pid}`, path)
}

function holdsTheLock(holder: LockHolder) {
  if (!isRunning(holder.pid)) return false
  const started = processStartTime(holder.pid)
  // Without /proc (macOS, Windows) a running pid is all we can check.
  if (started === null) return true
  if (holder.started !== null && holder.started !== started) return false
  // Nativ runs on Node: any other program holding the pid is not our holder, whatever the lock
  // says (a lock from an older version has no start time; one copied or restored with a data
  // directory may name any process).
  return isNode(holder.pid)
}

/** Whether the process's program is Node (`node`, `nodejs`, a versioned `node20` …). */
function isNode(pid: number) {
  const program = commandLine(pid).split("\0")[0] ?? ""
  return /^node/.test(basename(program))
}

/** Field 22 of /proc/PID/stat, after the command name (which may hold spaces and parentheses). */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null
  } catch {
    return null
  }
}

function commandLine(pid: number) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8")
  } catch {
    return ""
  }
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}
