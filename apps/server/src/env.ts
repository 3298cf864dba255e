import { z } from "zod"

/**
 * The one reader of process.env. Every variable the server understands is declared here, with its
 * default, and validated once at start-up; `.env.example` and the README's table mirror this list.
 */
const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes")

const optionalUrl = z.url().optional()

const csv = z
  .string()
  .default("")
  .transform((v) =>
    v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  )

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Defaults to 127.0.0.1 while /_mail and /_checkout are served (they are unauthenticated). */
  HOST: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),

  /** Where the embedded database, the generated JWT secret and the lock file live. */
  DATA_DIR: z.string().min(1).default("./data"),
  /** A PostgreSQL server; when set, PGlite is not used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** A statement running longer fails (and its request answers 503) instead of hanging. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  /** A statement waiting longer for a lock fails (and its request answers 503). */
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).default(5_000),

  /** Public base URL of this server (auth, REST, functions and API live under it). */
  PUBLIC_URL: optionalUrl,
  /** Where the dashboard lives; email links and payment returns land here. */
  SITE_URL: optionalUrl,
  /** Extra origins (or URL prefixes) accepted as redirect_to targets. */
  ADDITIONAL_REDIRECT_URLS: csv,
  /** Product API base the dashboard calls; defaults to PUBLIC_URL/api/v1. */
  API_URL: optionalUrl,
  /** Origins allowed by CORS besides the server's own; `*` allows any. */
  CORS_ORIGINS: z.string().default("*"),

  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  JWT_EXPIRY_SECONDS: z.coerce.number().int().min(60).max(604800).default(3600),
  /** Connect (OAuth): how long an app's access token lasts; its refresh token renews it. */
  OAUTH_ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86400).default(3600),
  /** Connect (OAuth): how long a device's code (the CLI's and plugins' sign-in) can be approved. */
  OAUTH_DEVICE_CODE_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(600),
  /** Connect (OAuth): the least seconds between a device's polls; faster ones get slow_down. */
  OAUTH_DEVICE_POLL_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(60).default(5),
  DISABLE_SIGNUP: bool.default(false),

  /** Defaults to outbox, except in production, where it must be chosen. */
  MAIL_TRANSPORT: z.enum(["outbox", "smtp"]).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Nativ <no-reply@nativ.local>"),

  /** Serve /_mail and /_checkout even when NODE_ENV=production. */
  ENABLE_DEV_ROUTES: bool.optional(),
  /** Benchmark instrumentation (`npm run bench` only): bare baseline routes and timings. */
  BENCH_ROUTES: bool.default(false),

  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_EMAIL_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /** Refresh-token grants per caller address a minute; unset: five times RATE_LIMIT_AUTH_PER_MINUTE. */
  RATE_LIMIT_REFRESH_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  /** Reverse proxies in front of the server whose X-Forwarded-For entries are trusted (0 = none). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),

  ENGINE: z.enum(["offline", "openai", "anthropic"]).default("offline"),
  ENGINE_BASE_URL: optionalUrl,
  ENGINE_API_KEY: z.string().min(1).optional(),
  ENGINE_MODEL: z.string().min(1).optional(),
  ENGINE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600000).default(60000),
  /** How long SIGTERM waits for in-flight requests; defaults to ENGINE_TIMEOUT_MS plus 10 s. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
  CREDITS_PER_100_CHARS: z.coerce.number().int().min(1).default(1),
  /** Credits a new company gets once, at sign-up, recorded in its credit ledger (0 = none). */
  SIGNUP_CREDITS: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
  /**
   * Texts an API key may send a minute (a batch item counts as one), and of them at most
   * RATE_LIMIT_API_KEY_BURST within 10 s: a 500-text translateBatch of Nativ's SDKs (one request
   * per text, all at once) fits. All of one company's keys together: RATE_LIMIT_COMPANY_PER_MINUTE.
   */
  RATE_LIMIT_API_KEY_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_API_KEY_BURST: z.coerce.number().int().min(1).default(500),
  RATE_LIMIT_COMPANY_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  /** The same for a signed-in user (the dashboard's Playground): a budget apart from the keys'. */
  RATE_LIMIT_PLAYGROUND_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_PLAYGROUND_BURST: z.coerce.number().int().min(1).default(60),
  /** OCR worker threads (/text/extract, /image/culturalize), started on the first image. */
  OCR_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
  /** Images that may wait for a worker; beyond them a request gets 503 with Retry-After. */
  OCR_QUEUE_MAX: z.coerce.number().int().min(0).max(1000).default(16),
  /** Fuzzy memory search from the server's memory for a company with at least this many entries. */
  TM_INDEX_MIN_ENTRIES: z.coerce.number().int().min(1).default(5_000),
  /** Entries all in-memory indexes hold together (0: every search runs in the database). */
  TM_INDEX_MAX_ENTRIES: z.coerce.number().int().min(0).default(2_000_000),
  /** A vision model (OpenAI-compatible chat completions) for /image/inspect; none: 503 there. */
  VISION_MODEL: z.string().min(1).optional(),
  VISION_BASE_URL: optionalUrl,
  VISION_API_KEY: z.string().min(1).optional(),
  /** An image model (OpenAI-compatible images API) for /image/culturalize; none: local repaint. */
  IMAGE_MODEL: z.string().min(1).optional(),
  IMAGE_BASE_URL: optionalUrl,
  IMAGE_API_KEY: z.string().min(1).optional(),

  PAYMENTS_PROVIDER: z.enum(["local", "stripe"]).default("local"),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Point the Stripe client at another host (tests use a local server speaking Stripe's API). */
  STRIPE_API_URL: optionalUrl,

  SUPPORT_EMAIL: z.email().default("support@nativ.local"),
  FIGMA_PLUGIN_URL: z
    .url()
    .default("https://www.figma.com/community/search?resource_type=plugins&query=nativ"),
  PHOTOSHOP_PLUGIN_URL: z.url().default("https://exchange.adobe.com/apps/cc/search?q=nativ"),
})

type RawEnv = z.infer<typeof envSchema>

export type Env = Omit<RawEnv, "HOST" | "MAIL_TRANSPORT" | "SHUTDOWN_TIMEOUT_MS"> & {
  HOST: string
  SHUTDOWN_TIMEOUT_MS: number
  MAIL_TRANSPORT: "outbox" | "smtp"
  PUBLIC_URL: string
  SITE_URL: string
  API_URL: string
  /**
   * False when PUBLIC_URL was left unset: the dashboard then calls the origin it was loaded from
   * (see /config.json), so `http://127.0.0.1:8080` and a LAN address work as well as localhost.
   */
  publicUrlConfigured: boolean
  /** False when API_URL was left unset (it follows the public URL). */
  apiUrlConfigured: boolean
  /** true when /_mail and /_checkout are mounted */
  devRoutes: boolean
}

/** What a shutdown allows beyond the engine's time limit, for the database work around the call. */
export const SHUTDOWN_MARGIN_MS = 10_000

export class EnvError extends Error {}

/** Validates the environment; throws an EnvError whose message names every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""))
  const parsed = envSchema.safeParse(present)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`)
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`)
  }
  const env = parsed.data
  const problems: string[] = []
  if (env.MAIL_TRANSPORT === "smtp" && !env.SMTP_URL)
    problems.push("SMTP_URL: required when MAIL_TRANSPORT=smtp")
  if (env.PAYMENTS_PROVIDER === "stripe" && !env.STRIPE_SECRET_KEY)
    problems.push("STRIPE_SECRET_KEY: required when PAYMENTS_PROVIDER=stripe")
  if (env.ENGINE !== "offline" && !env.ENGINE_API_KEY && env.ENGINE === "anthropic")
    problems.push("ENGINE_API_KEY: required when ENGINE=anthropic")
  if (env.ENGINE === "openai" && !env.ENGINE_BASE_URL && !env.ENGINE_API_KEY)
    problems.push("ENGINE_API_KEY: required when ENGINE=openai without ENGINE_BASE_URL")
  if (env.ENGINE !== "offline" && !env.ENGINE_MODEL)
    problems.push(`ENGINE_MODEL: required when ENGINE=${env.ENGINE}`)
  if (env.NODE_ENV === "production" && !env.JWT_SECRET)
    problems.push(
      "JWT_SECRET: required when NODE_ENV=production (a generated secret is for local use)",
    )
  // The outbox keeps every auth link in the database instead of delivering it: a production
  // server must say so explicitly, or send real mail.
  if (env.NODE_ENV === "production" && !env.MAIL_TRANSPORT)
    problems.push(
      "MAIL_TRANSPORT: required when NODE_ENV=production: smtp (with SMTP_URL) to deliver mail, or outbox to keep it in the database",
    )
  if (problems.length)
    throw new EnvError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join("\n")}`)

  const publicUrl = trimSlash(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`)
  const devRoutes = env.ENABLE_DEV_ROUTES ?? env.NODE_ENV !== "production"
  return {
    ...env,
    // /_mail shows every auth link and /_checkout pays without a card: only this machine, unless
    // HOST says otherwise.
    HOST: env.HOST ?? (devRoutes ? "127.0.0.1" : "0.0.0.0"),
    MAIL_TRANSPORT: env.MAIL_TRANSPORT ?? "outbox",
    // A request may run a whole engine call, and then write its result.
    SHUTDOWN_TIMEOUT_MS: env.SHUTDOWN_TIMEOUT_MS ?? env.ENGINE_TIMEOUT_MS + SHUTDOWN_MARGIN_MS,
    PUBLIC_URL: publicUrl,
    SITE_URL: trimSlash(env.SITE_URL ?? publicUrl),
    API_URL: trimSlash(env.API_URL ?? `${publicUrl}/api/v1`),
    publicUrlConfigured: env.PUBLIC_URL !== undefined,
    apiUrlConfigured: env.API_URL !== undefined,
    devRoutes,
  }
}

function trimSlash(url: string) {
  return url.replace(/\/+$/, "")
}
