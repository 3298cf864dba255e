import { describe, expect, it } from "vitest"

import { NativApiError } from "@nativ/client"

import { InsufficientCreditsError, toPluginError } from "../errors"

describe("toPluginError", () => {
  it("reads the cost and the balance from a 402", () => {
    const error = toPluginError(
      new NativApiError(
        402,
        "insufficient_credits",
        "Not enough credits: this batch costs 1,204 credits and your balance is 7. Buy credits to continue.",
      ),
      "https://nativ.example",
    )
    expect(error).toBeInstanceOf(InsufficientCreditsError)
    expect(error).toMatchObject({ cost: 1204, balance: 7, kind: "insufficient_credits" })
  })

  it("calls a 401 a revoked connection, a 429 a rate limit, a failed fetch the network", () => {
    const url = "https://nativ.example"
    expect(toPluginError(new NativApiError(401, "unauthorized", "x"), url).kind).toBe(
      "connection_revoked",
    )
    expect(toPluginError(new NativApiError(429, "rate_limited", "Wait"), url).kind).toBe(
      "rate_limited",
    )
    const network = toPluginError(new TypeError("fetch failed"), url)
    expect(network.kind).toBe("network")
    expect(network.message).toContain(url)
  })
})
