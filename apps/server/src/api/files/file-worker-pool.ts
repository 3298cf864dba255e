import { Worker } from "node:worker_threads"

import type { Logger } from "../../logger"
import {
  type FileData,
  type FileTask,
  fromWire,
  READY,
  type ReadTask,
  type TaskReply,
  type WriteTask,
} from "./file-worker-protocol"

/**
 * Why a worker gave no answer: the file took too long or too much memory, the worker failed or
 * died on it, no worker could start, or the pool was closed.
 */
type FileWorkerFailure = "time" | "memory" | "crash" | "unavailable" | "closed"

export class FileWorkerError extends Error {
  constructor(
    readonly reason: FileWorkerFailure,
    message: string,
    /** The time limit the task met (reason `time`). */
    readonly limitMs = 0,
  ) {
    super(message)
  }
}

export type FileWorkerPool = {
  /** Reads a file in a worker: FileFormatError when it does not parse, FileWorkerError when no answer. */
  read(task: Omit<ReadTask, "kind">): Promise<FileData>
  /** Writes a file read before, for one language, in a worker (preferably the one that read it). */
  write(task: Omit<WriteTask, "kind">): Promise<string>
  /** Ends the workers, failing what they were doing; a later task starts them again. */
  close(): Promise<void>
}

export type FileWorkerPoolOptions = {
  /** Most workers at once. */
  workers?: number
  /** A task's time limit: `baseMs` plus `msPerMb` for each MB of the file. */
  timeLimit?: { baseMs: number; msPerMb: number }
  /** Each worker's heap: a file that needs more fails alone (the worker is ended, not the server). */
  memoryMb?: number
  /** A worker idle this long is ended, freeing the file it holds. */
  idleMs?: number
  logger?: Pick<Logger, "warn" | "error">
}

/**
 * Two workers: a large file read or written never waits behind just one other. The time limit is
 * several times the slowest format's pace (YAML writes at about 1 MB/s here; a 20 MB file reads in
 * about 10 s), so only a pathological file meets it. 1.5 GB of heap is about twice what the largest
 * file the API takes (20 MB, 100,000 strings of YAML or PO) was measured to need.
 */
const DEFAULTS = {
  workers: 2,
  timeLimit: { baseMs: 10_000, msPerMb: 3_000 },
  memoryMb: 1_536,
  idleMs: 30_000,
}

/** A worker loads in well under a second (several under tsx and load): far more means it is stuck. */
const START_MS = 30_000

type Job = {
  id: number
  task: FileTask
  limitMs: number
  resolve: (value: FileData | string) => void
  reject: (error: Error) => void
}

type Slot = {
  worker: Worker
  ready: boolean
  job: Job | null
  /** The text of the file the worker holds parsed (a write of it skips reading it again). */
  holds: string | null
  timer?: NodeJS.Timeout
  idle?: NodeJS.Timeout
}

/**
 * Worker threads (file-worker.ts) that read and write i18n files, so a large file's seconds of
 * parsing never stall the server's event loop. Workers start on the first task and end after
 * idling; tasks beyond them queue. A task over its time limit ends its worker; a worker that
 * throws, dies or runs out of memory fails its task with a FileWorkerError; either way a fresh
 * worker takes the next task.
 */
export function createFileWorkerPool(options: FileWorkerPoolOptions = {}): FileWorkerPool {
  const { workers: size, timeLimit, memoryMb, idleMs } = { ...DEFAULTS, ...options }
  const logger = options.logger
  const slots = new Set<Slot>()
  const queue: Job[] = []
  let nextId = 1

  function spawn() {
    const worker = new Worker(workerFile(), {
      resourceLimits: { maxOldGenerationSizeMb: memoryMb },
    })
    const slot: Slot = { worker, ready: false, job: null, holds: null }
    slots.add(slot)
    // A worker that never says it is ready fails what waits rather than leaving it waiting.
    slot.timer = setTimeout(() => lost(slot, new Error("The file worker did not start.")), START_MS)
    slot.timer.unref()
    worker.on("message", (message: TaskReply | typeof READY) => {
      if (message === READY) {
        clearTimeout(slot.timer)
        slot.ready = true
        rest(slot)
        pump()
      } else settle(slot, message)
    })
    worker.on("error", (error) => lost(slot, error))
    worker.on("exit", (code) => lost(slot, new Error(`The file worker exited with code ${code}.`)))
  }

  function lost(slot: Slot, error: Error) {
    if (!end(slot)) return
    const outOfMemory = (error as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY"
    logger?.error({ err: error, task: slot.job?.task.kind }, "files: a file worker died")
    if (slot.job)
      slot.job.reject(
        outOfMemory
          ? new FileWorkerError("memory", "The file needs more memory than one file may use.")
          : new FileWorkerError("crash", "The file worker stopped."),
      )
    // A worker that cannot even start fails what waits, rather than starting one after another.
    else if (!slot.ready)
      for (const job of queue.splice(0))
        job.reject(new FileWorkerError("unavailable", "The file worker could not start."))
    pump()
  }

  /** Forgets a slot and ends its worker; false when it was already gone. */
  function end(slot: Slot) {
    if (!slots.delete(slot)) return false
    clearTimeout(slot.timer)
    clearTimeout(slot.idle)
    void slot.worker.terminate()
    return true
  }

  function settle(slot: Slot, reply: TaskReply) {
    const job = slot.job
    if (!job || reply.id !== job.id) return
    clearTimeout(slot.timer)
    slot.job = null
    if (reply.ok) {
      if (job.task.kind === "write" || job.task.keep) slot.holds = job.task.content
      job.resolve(reply.value)
    } else if ("formatError" in reply) job.reject(fromWire(reply.formatError))
    else {
      logger?.warn({ problem: reply.failure }, "files: a file could not be read or written")
      job.reject(new FileWorkerError("crash", reply.failure))
    }
    rest(slot)
    pump()
  }

  /** An idle worker does not keep the process alive, and ends after `idleMs`. */
  function rest(slot: Slot) {
    slot.worker.unref()
    slot.idle = setTimeout(() => {
      if (!slot.job) end(slot)
    }, idleMs)
    slot.idle.unref()
  }

  function dispatch(slot: Slot, job: Job) {
    slot.job = job
    clearTimeout(slot.idle)
    slot.worker.ref()
    slot.timer = setTimeout(() => {
      end(slot)
      logger?.warn({ task: job.task.kind, limitMs: job.limitMs }, "files: a file took too long")
      job.reject(
        new FileWorkerError("time", `The file took longer than ${job.limitMs} ms.`, job.limitMs),
      )
      pump()
    }, job.limitMs)
    slot.worker.postMessage({ id: job.id, task: job.task })
  }

  function pump() {
    while (queue.length) {
      const free = [...slots].filter((slot) => slot.ready && !slot.job)
      if (free.length === 0) {
        const starting = [...slots].filter((slot) => !slot.ready).length
        if (slots.size < size && starting < queue.length) {
          spawn()
          continue
        }
        return
      }
      const job = queue.shift()!
      const slot = free.find((s) => s.holds === job.task.content) ?? free[0]!
      dispatch(slot, job)
    }
  }

  function run(task: FileTask) {
    const limitMs = Math.round(
      timeLimit.baseMs + (timeLimit.msPerMb * task.content.length) / (1024 * 1024),
    )
    return new Promise<FileData | string>((resolve, reject) => {
      queue.push({ id: nextId++, task, limitMs, resolve, reject })
      pump()
    })
  }

  return {
    read: (task) => run({ kind: "read", ...task }) as Promise<FileData>,
    write: (task) => run({ kind: "write", ...task }) as Promise<string>,
    async close() {
      const closed = new FileWorkerError("closed", "The server is stopping.")
      for (const job of queue.splice(0)) job.reject(closed)
      const all = [...slots]
      for (const slot of all) {
        slot.job?.reject(closed)
        end(slot)
      }
      await Promise.all(all.map((slot) => slot.worker.terminate()))
    },
  }
}

/**
 * The worker's module: beside this one in the source tree (run through tsx), or beside the bundled
 * server in dist/ (scripts/build.mjs bundles it as its own entry point).
 */
function workerFile() {
  const fromSource = import.meta.url.endsWith(".ts")
  return new URL(fromSource ? "./file-worker-tsx.mjs" : "./file-worker.js", import.meta.url)
}
