import { SingleBar } from "cli-progress"

import type { ProgressEvent } from "./files/translate-files"
import type { Io } from "./io"

/**
 * Reports files translate's progress: a bar on a terminal (stderr), else one plain line per file and
 * language — CI logs stay readable. With --json the lines go to stderr, stdout keeps the JSON.
 */
export function progressReporter(io: Io, { dryRun = false } = {}) {
  let bar: SingleBar | undefined
  let credits = 0
  // Above a bar, a line first clears the bar's row; the bar redraws on its next update.
  const line = (text: string) => io.stderr(bar ? `\r\x1b[K${text}\n` : `${text}\n`)
  return {
    onProgress(event: ProgressEvent) {
      if (event.kind === "start") {
        if (io.interactive && event.total > 1) {
          bar = new SingleBar({
            format: "{bar} {value}/{total} files · {credits} credits",
            stream: process.stderr,
            hideCursor: true,
            clearOnComplete: true,
          })
          bar.start(event.total, 0, { credits: 0 })
        }
        return
      }
      if (event.kind === "failed") {
        line(`✗ ${event.source}: ${event.message}`)
        bar?.increment()
        return
      }
      const o = event.outcome
      const verb = dryRun ? "would send" : "translated"
      line(
        `${o.source} → ${o.output}: ${o.strings_total} strings, ${o.strings_translated} ${verb}, ${o.strings_from_memory} from memory, ${o.cost} credits${dryRun ? "" : o.written ? "" : " (unchanged)"}`,
      )
      for (const warning of o.warnings) line(`  ⚠ ${warning.key}: ${warning.message}`)
      credits += o.cost
      bar?.increment(1, { credits })
    },
    stop() {
      bar?.stop()
    },
  }
}
