import { describe, expect, it } from "vitest"

import { createTestApp } from "../testing/test-app"
import { authFetch, uniqueEmail } from "./test-kit"

const signIn = (app: Awaited<ReturnType<typeof createTestApp>>, forwardedFor: string) =>
  authFetch(app, "/token?grant_type=password", {
    body: { email: uniqueEmail("proxy"), password: "wrong password" },
    headers: { "X-Forwarded-For": forwardedFor },
  })

describe("rate limits behind a reverse proxy", () => {
  it("counts per client address from X-Forwarded-For when TRUST_PROXY names the proxies", async () => {
    const app = await createTestApp({ TRUST_PROXY: "1", RATE_LIMIT_AUTH_PER_MINUTE: "2" })
    try {
      expect((await signIn(app, "203.0.113.1")).status).toBe(400)
      expect((await signIn(app, "203.0.113.1")).status).toBe(400)
      expect((await signIn(app, "203.0.113.1")).status).toBe(429)
      // another client behind the same proxy has its own allowance; a spoofed left-most entry does not help
      expect((await signIn(app, "203.0.113.2")).status).toBe(400)
      expect((await signIn(app, "198.51.100.9, 203.0.113.1")).status).toBe(429)
    } finally {
      await app.close()
    }
  })

  it("ignores X-Forwarded-For by default, so a client cannot escape its limit by setting it", async () => {
    const app = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: "2" })
    try {
      expect((await signIn(app, "203.0.113.1")).status).toBe(400)
      expect((await signIn(app, "203.0.113.2")).status).toBe(400)
      expect((await signIn(app, "203.0.113.3")).status).toBe(429)
    } finally {
      await app.close()
    }
  })
})
