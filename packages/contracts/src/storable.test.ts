import { describe, expect, it } from "vitest"

import { createApiKeyInputSchema } from "./api-keys"
import { verifyPaymentInputSchema } from "./payments"
import { findUnstorable, JSON_DEPTH_MAX, textProblem, unstorableMessage } from "./storable"

function nested(depth: number): unknown {
  return JSON.parse('{"a":'.repeat(depth) + "1" + "}".repeat(depth))
}

describe("input PostgreSQL cannot store", () => {
  it("finds a NUL and an unpaired surrogate, and accepts emoji and other scripts", () => {
    expect(textProblem("a\u0000b")).toBe("nul")
    expect(textProblem("a\ud800b")).toBe("surrogate")
    expect(textProblem("\udc00")).toBe("surrogate")
    expect(textProblem("😀 Grüße 日本語 \u0001")).toBeNull()
  })

  it("names the field, array index or object key that holds it", () => {
    expect(findUnstorable({ data: { tags: ["ok", "bad\u0000"] } })).toEqual({
      path: ["data", "tags", 1],
      problem: "nul",
    })
    expect(findUnstorable({ ["key\u0000"]: 1 })).toEqual({ path: ["key\u0000"], problem: "nul" })
    expect(unstorableMessage({ path: ["data", "name"], problem: "nul" })).toBe(
      "data.name: text cannot contain the NUL character (\\u0000)",
    )
  })

  it(`allows ${JSON_DEPTH_MAX} levels of nesting and refuses 5,000 without overflowing the stack`, () => {
    expect(findUnstorable(nested(JSON_DEPTH_MAX))).toBeNull()
    expect(findUnstorable(nested(JSON_DEPTH_MAX + 1))?.problem).toBe("depth")
    expect(findUnstorable(nested(5000))?.problem).toBe("depth")
  })

  it("is refused by the request schemas whatever field holds it", () => {
    const key = createApiKeyInputSchema.safeParse({ name: "CI\u0000key" })
    expect(key.success).toBe(false)
    expect(key.error?.issues[0]).toMatchObject({ path: ["name"] })
    expect(verifyPaymentInputSchema.safeParse({ session_id: "cs_\u0000" }).success).toBe(false)
    expect(verifyPaymentInputSchema.safeParse({ session_id: "cs_test_1" }).success).toBe(true)
  })
})
