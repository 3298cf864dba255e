import { createRequire } from "node:module"
import path from "node:path"

import type { TextBlock } from "@nativ/contracts"
import { createScheduler, createWorker, OEM, type Scheduler } from "tesseract.js"

import type { Logger } from "../logger"

/** The pool is full: every worker is busy and the queue holds `maxQueued` images. */
export class OcrBusyError extends Error {}
/** The OCR engine could not start (its language data is missing or a worker failed to load). */
export class OcrUnavailableError extends Error {}

export type OcrResult = { text: string; blocks: TextBlock[] }

export type OcrPool = {
  /** Reads a PNG or JPEG; waits its turn behind at most `maxQueued` others, else OcrBusyError. */
  recognize(image: Buffer): Promise<OcrResult>
  /** Ends the workers; a later recognize starts them again. */
  close(): Promise<void>
}

export type OcrPoolOptions = { workers: number; maxQueued: number; logger: Logger }

/** Lines the engine is less sure of than this are noise (texture, icons), not text. */
const MIN_LINE_CONFIDENCE = 40

/**
 * tesseract.js workers (WebAssembly in worker threads, so recognition runs off the request
 * thread), started on the first image rather than at boot, since most servers never read one. The
 * English data comes from the @tesseract.js-data/eng package installed with the server: nothing is
 * downloaded at run time (`cacheMethod: none` keeps the workers from writing a cache either).
 * Jobs beyond the workers queue in the scheduler, bounded so a burst waits seconds, not minutes.
 */
export function createOcrPool(options: OcrPoolOptions): OcrPool {
  let started: Promise<Scheduler> | null = null
  let pending = 0

  function start(): Promise<Scheduler> {
    started ??= (async () => {
      const scheduler = createScheduler()
      const langPath = englishDataDir()
      const begin = Date.now()
      try {
        const workers = await Promise.all(
          Array.from({ length: options.workers }, () =>
            createWorker("eng", OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: "none" }),
          ),
        )
        for (const worker of workers) {
          // Uploads rarely say their resolution; screen images are about 72 dpi (without it the
          // engine guesses, and warns on every image).
          await worker.setParameters({ user_defined_dpi: "72" })
          scheduler.addWorker(worker)
        }
      } catch (error) {
        await scheduler.terminate().catch(() => undefined)
        throw error
      }
      options.logger.info({ workers: options.workers, ms: Date.now() - begin }, "ocr: started")
      return scheduler
    })().catch((error: unknown) => {
      // The next image tries again rather than failing forever.
      started = null
      options.logger.error({ err: error }, "ocr: the engine could not start")
      throw new OcrUnavailableError("The OCR engine could not start.", { cause: error })
    })
    return started
  }

  return {
    async recognize(image) {
      if (pending >= options.workers + options.maxQueued) throw new OcrBusyError()
      pending++
      try {
        const scheduler = await start()
        const { data } = await scheduler.addJob(
          "recognize",
          image,
          {},
          { text: true, blocks: true },
        )
        const lines = (data.blocks ?? [])
          .flatMap((block) => block.paragraphs)
          .flatMap((paragraph) => paragraph.lines)
          .filter((line) => line.text.trim() !== "" && line.confidence >= MIN_LINE_CONFIDENCE)
        const blocks = lines.map((line) => ({
          text: line.text.trim(),
          confidence: Math.round(line.confidence * 10) / 10,
          box: {
            x: line.bbox.x0,
            y: line.bbox.y0,
            width: line.bbox.x1 - line.bbox.x0,
            height: line.bbox.y1 - line.bbox.y0,
          },
        }))
        return { text: blocks.map((b) => b.text).join("\n"), blocks }
      } finally {
        pending--
      }
    },
    async close() {
      const scheduler = started
      started = null
      if (!scheduler) return
      await scheduler.then((s) => s.terminate()).catch(() => undefined)
    },
  }
}

/** The directory holding eng.traineddata.gz (the LSTM "best" model, integerized: fast on CPU). */
function englishDataDir() {
  const pkg = createRequire(import.meta.url).resolve("@tesseract.js-data/eng/package.json")
  return path.join(path.dirname(pkg), "4.0.0_best_int")
}
