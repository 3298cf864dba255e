import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs"
import { join } from "node:path"

export class DataDirLockedError extends Error {}

/**
 * PGlite has no lock of its own: two processes on one data directory silently lose one's writes.
 * We hold an exclusive lock file (created with O_EXCL) holding our pid; a lock left by a process
 * that no longer runs is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const path = join(dataDir, "nativ.lock")
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx")
      writeSync(fd, String(process.pid))
      closeSync(fd)
      let released = false
      return () => {
        if (released) return
        released = true
        rmSync(path, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
      const holder = Number.parseInt(readFileSync(path, "utf8"), 10)
      if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another Nativ process (pid ${holder}). ` +
            "Stop it first, or point DATA_DIR elsewhere.",
        )
      }
      rmSync(path, { force: true })
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}.`)
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}
