/**
 * Runs `task` on every item with at most `limit` running at once, and calls `onSettled` with the
 * number finished after each one. Results come back in the items' order; a failure is recorded,
 * never thrown, so one bad item does not stop the rest.
 */
export async function mapWithLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
  onSettled?: (finished: number) => void,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length)
  let next = 0
  let finished = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      try {
        results[index] = { status: "fulfilled", value: await task(items[index] as T) }
      } catch (reason) {
        results[index] = { status: "rejected", reason }
      }
      onSettled?.(++finished)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker))
  return results
}
