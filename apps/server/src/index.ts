import type { Server } from "node:http"
import type { AddressInfo } from "node:net"

import { serve } from "@hono/node-server"

import { createApp } from "./app"
import { startFileJobWorker } from "./api/files/file-job-worker"
import { startEmailOutbox } from "./mail/email-outbox"
import { startWebhookWorker } from "./webhooks/webhook-worker"
import { DataDirLockedError, recordServerUrl } from "./db/data-dir-lock"
import { EnvError, loadEnv } from "./env"
import { closeCleanly } from "./http/clean-close"
import { trackRequests } from "./http/graceful-shutdown"
import { createLogger } from "./logger"
import { loadJwtSecret } from "./secrets"
import { createServices } from "./services"

/**
 * Boot: env → db → migrate → serve. SIGTERM/SIGINT stop accepting, answer every request that
 * reached the server (with `Connection: close`) within SHUTDOWN_TIMEOUT_MS, close the db, exit 0.
 */
async function main() {
  const env = loadEnv()
  const logger = createLogger(env.LOG_LEVEL)
  const { secret, source } = loadJwtSecret(env.JWT_SECRET, env.DATA_DIR)
  const deps = await createServices(env, logger, secret)
  const app = createApp(deps)
  const emailOutbox = startEmailOutbox(deps)
  const webhooks = startWebhookWorker(deps)
  const fileJobs = startFileJobWorker(deps)

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    const url = env.PUBLIC_URL
    // Operator commands find the server that holds the data directory here (npm run nativ).
    if (deps.database.kind === "pglite") recordServerUrl(env.DATA_DIR, localUrl(info))
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

  closeCleanly(server as Server)
  const requests = trackRequests(server as Server)
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    const timeoutMs = env.SHUTDOWN_TIMEOUT_MS
    logger.info({ signal, inFlight: requests.inFlight(), timeoutMs }, "shutting down")
    const drained = await requests.drain(timeoutMs)
    if (!drained)
      logger.error(
        { inFlight: requests.inFlight(), timeoutMs },
        "in-flight requests did not finish in time",
      )
    await fileJobs.stop()
    await webhooks.stop()
    await emailOutbox.stop()
    await deps.ocr.close().catch((err: unknown) => logger.error({ err }, "closing OCR failed"))
    await deps.fileWorkers.close()
    await deps.tmSearch.close()
    await deps.database
      .close()
      .catch((err: unknown) => logger.error({ err }, "closing the database failed"))
    logger.info("stopped")
    process.exit(drained ? 0 : 1)
  }
  process.on("SIGTERM", () => void stop("SIGTERM"))
  process.on("SIGINT", () => void stop("SIGINT"))
}

/** This machine's address of the listener (a wildcard address is reached on loopback). */
function localUrl(info: AddressInfo) {
  const wildcard = info.address === "0.0.0.0" || info.address === "::"
  const host = wildcard ? "127.0.0.1" : info.address
  return `http://${host.includes(":") ? `[${host}]` : host}:${info.port}`
}

main().catch((error) => {
  if (error instanceof EnvError || error instanceof DataDirLockedError) {
    console.error(error.message)
  } else {
    console.error("Nativ failed to start:", error)
  }
  process.exit(1)
})
