import { serve } from "@hono/node-server"

import { createApp } from "./app"
import { DataDirLockedError } from "./db/data-dir-lock"
import { EnvError, loadEnv } from "./env"
import { createLogger } from "./logger"
import { loadJwtSecret } from "./secrets"
import { createServices } from "./services"

/** Boot: env → db → migrate → serve; SIGTERM/SIGINT drain in-flight requests, close the db, exit 0. */
async function main() {
  const env = loadEnv()
  const logger = createLogger(env.LOG_LEVEL)
  const { secret, source } = loadJwtSecret(env.JWT_SECRET, env.DATA_DIR)
  const deps = await createServices(env, logger, secret)
  const app = createApp(deps)

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    const url = env.PUBLIC_URL
    logger.info(
      { port: info.port, database: deps.database.kind, data: deps.database.location },
      "listening",
    )
    process.stdout.write(
      [
        "",
        `  Nativ is running at ${url}`,
        `  Database:  ${deps.database.kind} (${deps.database.location})`,
        `  JWT secret: ${source}`,
        `  Anon key:  ${deps.keys.anon}`,
        deps.env.devRoutes && env.MAIL_TRANSPORT === "outbox" ? `  Mailbox:   ${url}/_mail` : "",
        "",
      ]
        .filter((l) => l !== "")
        .join("\n") + "\n\n",
    )
  })

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, "shutting down")
    const force = setTimeout(() => {
      logger.error("in-flight requests did not finish in 10 s; exiting")
      process.exit(1)
    }, 10_000)
    force.unref()
    server.close(async () => {
      await deps.database.close()
      logger.info("stopped")
      process.exit(0)
    })
    // Idle keep-alive connections would hold close() open; in-flight requests still finish.
    if ("closeIdleConnections" in server) server.closeIdleConnections()
  }
  process.on("SIGTERM", () => stop("SIGTERM"))
  process.on("SIGINT", () => stop("SIGINT"))
}

main().catch((error) => {
  if (error instanceof EnvError || error instanceof DataDirLockedError) {
    console.error(error.message)
  } else {
    console.error("Nativ failed to start:", error)
  }
  process.exit(1)
})
