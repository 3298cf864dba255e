import { type ChildProcess, spawn } from "node:child_process"
import { createServer } from "node:net"
import { join } from "node:path"

/**
 * The real server as a child process (`src/index.ts` through tsx), for tests about the process
 * itself: start-up, signals, crashes and database faults that an in-process app cannot show.
 */
const entry = join(import.meta.dirname, "..", "index.ts")

export type ServerProcess = {
  child: ChildProcess
  url: string
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>
  output(): string
}

const children = new Set<ChildProcess>()

/** Kills every process started by `startServerProcess` (call it in afterEach). */
export function killServerProcesses() {
  for (const child of children) child.kill("SIGKILL")
  children.clear()
}

export function freePort() {
  return new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort())
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    env: { PATH: process.env.PATH, LOG_LEVEL: "warn", HOST: "127.0.0.1", ...env, PORT: port },
    stdio: ["ignore", "pipe", "pipe"],
  })
  children.add(child)
  let output = ""
  child.stdout!.on("data", (d) => (output += d))
  child.stderr!.on("data", (d) => (output += d))
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)))
  return { child, url: `http://127.0.0.1:${port}`, exited, output: () => output }
}

export async function waitForReady(url: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/readyz`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error("server did not become ready")
}
