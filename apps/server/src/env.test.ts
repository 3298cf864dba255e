import { describe, expect, it } from "vitest"

import { EnvError, loadEnv } from "./env"

const production = { NODE_ENV: "production", JWT_SECRET: "x".repeat(40) }

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
      HOST: "127.0.0.1",
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
    const env = loadEnv({ ...production, MAIL_TRANSPORT: "outbox" })
    expect(env.devRoutes).toBe(false)
    expect(
      loadEnv({ ...production, MAIL_TRANSPORT: "outbox", ENABLE_DEV_ROUTES: "true" }).devRoutes,
    ).toBe(true)
  })

  it("requires production to choose its mail transport instead of keeping links in the outbox", () => {
    expect(() => loadEnv(production)).toThrow(/MAIL_TRANSPORT: required when NODE_ENV=production/)
    expect(() => loadEnv({ ...production, MAIL_TRANSPORT: "smtp" })).toThrow(/SMTP_URL/)
    expect(
      loadEnv({ ...production, MAIL_TRANSPORT: "smtp", SMTP_URL: "smtp://mail.example:587" })
        .MAIL_TRANSPORT,
    ).toBe("smtp")
    expect(loadEnv({ ...production, MAIL_TRANSPORT: "outbox" }).MAIL_TRANSPORT).toBe("outbox")
    expect(loadEnv({}).MAIL_TRANSPORT).toBe("outbox")
  })

  it("listens on 127.0.0.1 only while the unauthenticated dev routes are served, unless HOST says otherwise", () => {
    expect(loadEnv({}).HOST).toBe("127.0.0.1")
    expect(loadEnv({ HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0")
    expect(loadEnv({ ...production, MAIL_TRANSPORT: "outbox" }).HOST).toBe("0.0.0.0")
    expect(
      loadEnv({ ...production, MAIL_TRANSPORT: "outbox", ENABLE_DEV_ROUTES: "true" }).HOST,
    ).toBe("127.0.0.1")
    expect(loadEnv({ ENABLE_DEV_ROUTES: "false" }).HOST).toBe("0.0.0.0")
  })

  it("waits on shutdown for the engine's time limit plus a margin, unless SHUTDOWN_TIMEOUT_MS says otherwise", () => {
    expect(loadEnv({}).SHUTDOWN_TIMEOUT_MS).toBe(70_000)
    expect(loadEnv({ ENGINE_TIMEOUT_MS: "5000" }).SHUTDOWN_TIMEOUT_MS).toBe(15_000)
    expect(loadEnv({ SHUTDOWN_TIMEOUT_MS: "2000" }).SHUTDOWN_TIMEOUT_MS).toBe(2_000)
    expect(() => loadEnv({ SHUTDOWN_TIMEOUT_MS: "soon" })).toThrow(/SHUTDOWN_TIMEOUT_MS/)
  })
})
