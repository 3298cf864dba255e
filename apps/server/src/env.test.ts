import { describe, expect, it } from "vitest"

import { EnvError, loadEnv } from "./env"

describe("loadEnv", () => {
  it("runs on embedded defaults with no variables at all", () => {
    const env = loadEnv({})
    expect(env).toMatchObject({
      PORT: 8080,
      DATA_DIR: "./data",
      PUBLIC_URL: "http://localhost:8080",
      SITE_URL: "http://localhost:8080",
      API_URL: "http://localhost:8080/api/v1",
      ENGINE: "offline",
      MAIL_TRANSPORT: "outbox",
      PAYMENTS_PROVIDER: "local",
      devRoutes: true,
    })
    expect(env.DATABASE_URL).toBeUndefined()
  })

  it("treats empty values as unset, as .env files write them", () => {
    expect(loadEnv({ DATABASE_URL: "", PORT: "" }).PORT).toBe(8080)
  })

  it("names every bad variable in one message", () => {
    expect(() =>
      loadEnv({ PORT: "eighty", DATABASE_URL: "mysql://x", JWT_SECRET: "short" }),
    ).toThrow(EnvError)
    try {
      loadEnv({ PORT: "eighty", DATABASE_URL: "mysql://x", JWT_SECRET: "short" })
    } catch (error) {
      const message = (error as Error).message
      expect(message).toContain("PORT")
      expect(message).toContain("DATABASE_URL")
      expect(message).toContain("JWT_SECRET")
    }
  })

  it("requires what a chosen provider needs", () => {
    expect(() => loadEnv({ MAIL_TRANSPORT: "smtp" })).toThrow(/SMTP_URL/)
    expect(() => loadEnv({ PAYMENTS_PROVIDER: "stripe" })).toThrow(/STRIPE_SECRET_KEY/)
    expect(() => loadEnv({ ENGINE: "anthropic", ENGINE_MODEL: "m" })).toThrow(/ENGINE_API_KEY/)
    expect(() => loadEnv({ ENGINE: "openai", ENGINE_API_KEY: "k" })).toThrow(/ENGINE_MODEL/)
  })

  it("refuses a generated secret and hides dev routes in production", () => {
    expect(() => loadEnv({ NODE_ENV: "production" })).toThrow(/JWT_SECRET/)
    const env = loadEnv({ NODE_ENV: "production", JWT_SECRET: "x".repeat(40) })
    expect(env.devRoutes).toBe(false)
    expect(
      loadEnv({ NODE_ENV: "production", JWT_SECRET: "x".repeat(40), ENABLE_DEV_ROUTES: "true" })
        .devRoutes,
    ).toBe(true)
  })
})
