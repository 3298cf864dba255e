import { describe, expect, it } from "vitest"

import {
  amountToCents,
  createPaymentInputSchema,
  creditPackages,
  creditsForAmount,
  verifyPaymentInputSchema,
} from "./payments"

describe("payments contracts", () => {
  it("prices every package at $1 per 1,000 credits", () => {
    expect(creditPackages.map((p) => [p.credits, p.price])).toEqual([
      [20_000, 20],
      [100_000, 100],
      [300_000, 300],
    ])
    for (const p of creditPackages) expect(creditsForAmount(p.price)).toBe(p.credits)
    expect(creditPackages.filter((p) => p.popular)).toHaveLength(1)
  })

  it("rounds credits down and keeps cents exact despite floating point", () => {
    expect(creditsForAmount(4.35)).toBe(4350)
    expect(creditsForAmount(1.1)).toBe(1100)
    expect(creditsForAmount(1.2345)).toBe(1234)
    expect(amountToCents(19.99)).toBe(1999)
    expect(amountToCents(12.345)).toBeNull()
  })

  it("accepts a package or a custom amount whose credits agree", () => {
    expect(createPaymentInputSchema.safeParse({ credits: 20_000, amount: 20 }).success).toBe(true)
    expect(createPaymentInputSchema.safeParse({ credits: 4350, amount: 4.35 }).success).toBe(true)
  })

  it("refuses amounts below $1, credits that disagree and fractions of a cent", () => {
    const message = (input: unknown) => {
      const result = createPaymentInputSchema.safeParse(input)
      return result.success ? null : result.error.issues[0]!.message
    }
    expect(message({ credits: 500, amount: 0.5 })).toBe("Please enter a valid amount (minimum $1)")
    expect(message({ credits: 1, amount: 20 })).toBe(
      "credits must be 20000 for $20.00 ($1 = 1,000 credits)",
    )
    expect(message({ credits: 12_345, amount: 12.345 })).toMatch(/whole cents/)
    expect(message({ credits: 20_000, amount: "20" })).toBe(
      "Please enter a valid amount (minimum $1)",
    )
  })

  it("requires a session id to verify", () => {
    expect(verifyPaymentInputSchema.safeParse({ session_id: " cs_1 " })).toEqual({
      success: true,
      data: { session_id: "cs_1" },
    })
    expect(verifyPaymentInputSchema.safeParse({ session_id: "" }).success).toBe(false)
  })
})
