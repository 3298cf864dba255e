/** Small statistics helpers: every figure in the report is a median or a percentile. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank]!
}

export const median = (values: number[]) => percentile(values, 50)

export function round(value: number, digits = 1): number {
  const f = 10 ** digits
  return Math.round(value * f) / f
}

/** Runs `a` and `b` alternately `rounds` times (a, b, a, b …) so drift hits both alike. */
export async function alternate<A, B>(
  rounds: number,
  a: () => Promise<A>,
  b: () => Promise<B>,
): Promise<{ a: A[]; b: B[] }> {
  const out = { a: [] as A[], b: [] as B[] }
  for (let i = 0; i < rounds; i++) {
    out.a.push(await a())
    out.b.push(await b())
  }
  return out
}

export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now()
  const value = await work()
  return { ms: performance.now() - started, value }
}
