import { type ChildProcess, execSync, spawn } from "node:child_process"
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
} from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")

/**
 * Builds the dashboard and the server when a source changed since the last build (as `npm start`
 * does; skip the check with E2E_SKIP_BUILD=1), then starts the real server
 * from a snapshot of that build on the chosen port with a fresh temporary DATA_DIR (embedded
 * PGlite, outbox mail). Returns the teardown that stops it and removes the snapshot and data.
 */
export default async function globalSetup() {
  if (!process.env.E2E_SKIP_BUILD)
    execSync("node scripts/build.mjs --if-changed", { cwd: root, stdio: "inherit" })

  const baseUrl = process.env.E2E_BASE_URL as string
  const app = snapshotBuild()
  const dataDir = join(app, "data")
  mkdirSync(join(root, "e2e", ".tmp"), { recursive: true })
  const logPath = join(root, "e2e", ".tmp", `server-${process.env.E2E_PORT}.log`)
  const log = createWriteStream(logPath)

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "development",
    PORT: process.env.E2E_PORT,
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    SITE_URL: baseUrl,
    JWT_SECRET: process.env.E2E_JWT_SECRET,
    MAIL_TRANSPORT: "outbox",
    LOG_LEVEL: "warn",
    // Every test creates its own accounts; the default limits are for people, not a test suite.
    RATE_LIMIT_AUTH_PER_MINUTE: "100000",
    RATE_LIMIT_EMAIL_PER_HOUR: "100000",
  }
  delete env.DATABASE_URL

  const server = spawn(process.execPath, ["apps/server/dist/index.js"], {
    cwd: app,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  })
  server.stdout?.pipe(log)
  server.stderr?.pipe(log)

  try {
    await waitUntilReady(`${baseUrl}/readyz`, server)
  } catch (error) {
    await stop(server)
    rmSync(app, { recursive: true, force: true })
    throw error
  }

  return async () => {
    await stop(server)
    rmSync(app, { recursive: true, force: true })
  }
}

/**
 * Copies the built server, dashboard and migrations into a temporary directory (node_modules
 * linked), so a rebuild in the checkout during the run cannot delete the assets being served.
 */
function snapshotBuild() {
  const app = mkdtempSync(join(tmpdir(), "nativ-e2e-"))
  for (const path of [
    "apps/server/dist",
    "apps/server/package.json",
    "apps/web/dist",
    "supabase/migrations",
  ])
    cpSync(join(root, path), join(app, path), { recursive: true })
  // The plugins' builds, which the server zips at /plugins/<name>.zip (once they are built).
  for (const path of ["plugins/figma/dist", "plugins/photoshop/dist"])
    if (existsSync(join(root, path))) cpSync(join(root, path), join(app, path), { recursive: true })
  symlinkSync(join(root, "node_modules"), join(app, "node_modules"), "dir")
  return app
}

async function waitUntilReady(url: string, server: ChildProcess) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`The server exited with ${server.exitCode}; see its log in e2e/.tmp/`)
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`The server did not become ready at ${url} within 60 s`)
}

function stop(server: ChildProcess) {
  if (server.exitCode !== null) return Promise.resolve()
  return new Promise<void>((resolve) => {
    const force = setTimeout(() => server.kill("SIGKILL"), 10_000)
    server.once("exit", () => {
      clearTimeout(force)
      resolve()
    })
    server.kill("SIGTERM")
  })
}
