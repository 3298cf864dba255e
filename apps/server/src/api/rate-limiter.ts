/**
 * A fixed-window counter per key, in process memory. With several replicas each enforces its own
 * window, which bounds a client at replicas × limit; acceptable for abuse protection.
 */
export function createRateLimiter(limit: number, windowMs: number, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>()
  return {
    /** Counts one hit; returns the seconds to wait when the limit is exceeded, else 0. */
    hit(key: string): number {
      const t = now()
      const current = windows.get(key)
      if (!current || t - current.start >= windowMs) {
        if (windows.size > 10_000) sweep(t)
        windows.set(key, { start: t, count: 1 })
        return 0
      }
      current.count++
      if (current.count <= limit) return 0
      return Math.max(1, Math.ceil((current.start + windowMs - t) / 1000))
    },
  }
  function sweep(t: number) {
    for (const [key, w] of windows) if (t - w.start >= windowMs) windows.delete(key)
  }
}
