import { describe, expect, it, vi } from "vitest"

import type { Logger } from "../logger"
import { createThrottle } from "./throttle"

const quietLogger = () =>
  ({ warn: vi.fn() }) as unknown as Logger & { warn: ReturnType<typeof vi.fn> }
const perMinute = (points: number) => ({ name: "test", points, seconds: 60 })

describe("the throttle", () => {
  it("lets a key through up to its budget, then says how many seconds to wait", async () => {
    const throttle = createThrottle({ kind: "memory" }, quietLogger(), () => new Date())
    const budget = perMinute(2)
    expect(await throttle.take(budget, "a")).toBe(0)
    expect(await throttle.take(budget, "a")).toBe(0)
    const wait = await throttle.take(budget, "a")
    expect(wait).toBeGreaterThan(55)
    expect(wait).toBeLessThanOrEqual(60)
    expect(await throttle.take(budget, "b")).toBe(0)
  })

  it("starts a fresh window once the app's clock has moved past the window", async () => {
    let offset = 0
    const throttle = createThrottle(
      { kind: "memory" },
      quietLogger(),
      () => new Date(Date.now() + offset),
    )
    const budget = perMinute(1)
    expect(await throttle.take(budget, "a")).toBe(0)
    expect(await throttle.take(budget, "a")).toBeGreaterThan(0)
    offset = 61_000
    expect(await throttle.take(budget, "a")).toBe(0)
  })

  it("lets requests through and logs a warning when its database store fails", async () => {
    const logger = quietLogger()
    const broken = {
      query: () => Promise.reject(new Error("Connection terminated unexpectedly")),
    }
    const throttle = createThrottle(
      { kind: "postgres", pool: broken as never },
      logger,
      () => new Date(),
    )
    for (let i = 0; i < 3; i++) expect(await throttle.take(perMinute(1), "a")).toBe(0)
    expect(logger.warn).toHaveBeenCalledTimes(3)
  })

  it("gives up on a store that does not answer within a second, and lets the request through", async () => {
    const logger = quietLogger()
    const hung = { query: () => new Promise(() => {}) }
    const throttle = createThrottle(
      { kind: "postgres", pool: hung as never },
      logger,
      () => new Date(),
    )
    const started = Date.now()
    expect(await throttle.take(perMinute(1), "a")).toBe(0)
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(logger.warn).toHaveBeenCalledOnce()
  })

  it("spends on several budgets all or nothing: a refused request gives its points back", async () => {
    const throttle = createThrottle({ kind: "memory" }, quietLogger(), () => new Date())
    const charges = [
      { limit: { name: "burst", points: 3, seconds: 10 }, key: "k" },
      { limit: perMinute(5), key: "k" },
    ]
    const first = await throttle.spend(charges, 2)
    expect(first.wait).toBe(0)
    expect(first.states.map((s) => s.remaining)).toEqual([1, 3])
    const refused = await throttle.spend(charges, 2)
    expect(refused.wait).toBeGreaterThan(0)
    expect(refused.wait).toBeLessThanOrEqual(10)
    expect(refused.states.map((s) => s.remaining)).toEqual([1, 3])
    expect((await throttle.peek(charges)).map((s) => s.remaining)).toEqual([1, 3])
    expect((await throttle.spend(charges, 1)).wait).toBe(0)
    expect((await throttle.peek(charges)).map((s) => s.remaining)).toEqual([0, 2])
  })

  it("peeks without spending, and reports a budget never used as whole", async () => {
    const throttle = createThrottle({ kind: "memory" }, quietLogger(), () => new Date())
    const charge = { limit: perMinute(4), key: "fresh" }
    expect(await throttle.peek([charge])).toEqual([{ ...charge, remaining: 4, resetSeconds: 60 }])
    await throttle.spend([charge], 1)
    const [state] = await throttle.peek([charge])
    expect(state!.remaining).toBe(3)
    expect(state!.resetSeconds).toBeGreaterThan(55)
    expect((await throttle.peek([charge]))[0]!.remaining).toBe(3)
  })

  it("lets a spend through and leaves the failed budget out when its store fails", async () => {
    const logger = quietLogger()
    const broken = { query: () => Promise.reject(new Error("Connection terminated unexpectedly")) }
    const throttle = createThrottle(
      { kind: "postgres", pool: broken as never },
      logger,
      () => new Date(),
    )
    const charges = [{ limit: perMinute(1), key: "a" }]
    for (let i = 0; i < 2; i++)
      expect(await throttle.spend(charges, 1)).toEqual({ wait: 0, states: [] })
    expect(await throttle.peek(charges)).toEqual([])
    expect(logger.warn).toHaveBeenCalledTimes(3)
  })
})
