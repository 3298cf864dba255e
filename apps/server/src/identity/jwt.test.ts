import { describe, expect, it } from "vitest"

import { createJwt, JwtError } from "./jwt"

const secret = "a-test-secret-that-is-long-enough-for-hs256"

describe("JWT verification", () => {
  it("accepts the same token again with the same claims", async () => {
    const jwt = createJwt(secret, "http://localhost/auth/v1")
    const now = new Date()
    const token = await jwt.sign({ role: "authenticated", sub: "u1" }, 60, now)
    const first = await jwt.verify(token, now)
    const second = await jwt.verify(token, now)
    expect(second).toEqual(first)
    expect(second.sub).toBe("u1")
  })

  it("refuses a token it verified before once it has expired", async () => {
    const jwt = createJwt(secret, "http://localhost/auth/v1")
    const now = new Date()
    const token = await jwt.sign({ role: "authenticated", sub: "u1" }, 60, now)
    await jwt.verify(token, now)
    const later = new Date(now.getTime() + 61_000)
    await expect(jwt.verify(token, later)).rejects.toMatchObject({ reason: "expired" })
  })

  it("refuses a token whose signature was altered after the genuine one was verified", async () => {
    const jwt = createJwt(secret, "http://localhost/auth/v1")
    const token = await jwt.sign({ role: "authenticated", sub: "u1" }, 60)
    await jwt.verify(token)
    const [header, payload, signature] = token.split(".")
    const flipped = signature!.startsWith("A")
      ? `B${signature!.slice(1)}`
      : `A${signature!.slice(1)}`
    await expect(jwt.verify(`${header}.${payload}.${flipped}`)).rejects.toBeInstanceOf(JwtError)
  })

  it("refuses a token signed with another secret", async () => {
    const other = createJwt("another-secret-that-is-long-enough-for-hs256", "x")
    const jwt = createJwt(secret, "x")
    const token = await other.sign({ role: "anon" }, 60)
    await expect(jwt.verify(token)).rejects.toMatchObject({ reason: "invalid" })
  })

  it("keeps working after verifying more distinct tokens than it remembers", async () => {
    const jwt = createJwt(secret, "x")
    const tokens = await Promise.all(
      Array.from({ length: 1100 }, (_, i) => jwt.sign({ role: "authenticated", sub: `u${i}` }, 60)),
    )
    for (const token of tokens) await jwt.verify(token)
    expect((await jwt.verify(tokens[0]!)).sub).toBe("u0")
    expect((await jwt.verify(tokens[1099]!)).sub).toBe("u1099")
  })
})
