import { describe, expect, it } from "vitest"

import { mapWithLimit } from "../lib/map-with-limit"

describe("mapWithLimit", () => {
  it("never runs more than the limit at once, keeps the order and records failures", async () => {
    let running = 0
    let most = 0
    const progress: number[] = []
    const results = await mapWithLimit(
      [1, 2, 3, 4, 5, 6, 7],
      3,
      async (n) => {
        running += 1
        most = Math.max(most, running)
        await new Promise((resolve) => setTimeout(resolve, 10 - n))
        running -= 1
        if (n === 4) throw new Error("four")
        return n * 10
      },
      (finished) => progress.push(finished),
    )
    expect(most).toBe(3)
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : "failed"))).toEqual([
      10,
      20,
      30,
      "failed",
      50,
      60,
      70,
    ])
  })
})
