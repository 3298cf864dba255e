import { setImmediate as nextTurn } from "node:timers/promises"

/**
 * For loops over every string of a file (100,000 in the largest): awaited once per string, it lets
 * the event loop take a turn whenever `sliceMs` have passed since the last, so planning and
 * checking a large file holds other requests up for a slice at a time rather than for seconds.
 */
export function eventLoopTurns(sliceMs = 20): () => Promise<void> | undefined {
  let since = performance.now()
  return () => {
    if (performance.now() - since < sliceMs) return undefined
    return nextTurn().then(() => {
      since = performance.now()
    })
  }
}
