import { spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import os from "node:os"
import { join } from "node:path"

import { request } from "../lib/http"
import type { Row } from "../lib/report"
import { freePort, ROOT, serverEnv } from "../lib/server"
import { median, round } from "../lib/stats"

export type NpmStartResult = {
  /** ms from running `npm start` to the first 200 from /readyz, per restart */
  readyMs: number[]
  /** restarts whose `npm start` ran a build (an unchanged checkout should run none) */
  builds: number
}

type Started = { readyMs: number; built: boolean }

/**
 * `npm start` as a user runs it, in this checkout (built by the bench just before), on one PGlite
 * data directory: a first start creates and migrates it, then `restarts` restarts are timed.
 */
export async function measureNpmStart(restarts: number): Promise<NpmStartResult> {
  const dataDir = mkdtempSync(join(os.tmpdir(), "nativ-bench-npm-start-"))
  try {
    await npmStart(dataDir)
    const runs: Started[] = []
    for (let i = 0; i < restarts; i++) runs.push(await npmStart(dataDir))
    return {
      readyMs: runs.map((r) => round(r.readyMs, 0)),
      builds: runs.filter((r) => r.built).length,
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function npmStart(dataDir: string): Promise<Started> {
  const port = await freePort()
  const started = performance.now()
  // Its own process group: npm, the start script and the server stop together.
  const child = spawn("npm", ["start"], {
    cwd: ROOT,
    detached: true,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      ...serverEnv({ kind: "pglite", dataDir }, port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()))
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()))
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()))
  let done = false
  void exited.then(() => (done = true))

  let readyMs = -1
  const deadline = Date.now() + 180_000
  while (readyMs < 0 && !done && Date.now() < deadline) {
    try {
      if ((await request(`http://127.0.0.1:${port}/readyz`)).status === 200)
        readyMs = performance.now() - started
    } catch {
      // not listening yet
    }
    if (readyMs < 0) await new Promise((r) => setTimeout(r, 20))
  }
  if (!done) process.kill(-child.pid!, "SIGTERM")
  const timer = setTimeout(() => !done && process.kill(-child.pid!, "SIGKILL"), 15_000)
  await exited
  clearTimeout(timer)
  if (readyMs < 0) throw new Error(`npm start did not become ready:\n${output.slice(-4000)}`)
  return { readyMs, built: output.includes("Building:") }
}

/** Scenario 6's row for `npm start` on an unchanged checkout. */
export function npmStartRows(result: NpmStartResult | undefined, error: string | undefined): Row[] {
  const scenario = "6 Footprint"
  if (!result)
    return [
      {
        scenario,
        figure: `npm start: not measured: ${error}`,
        value: "-",
        target: "-",
        pass: false,
      },
    ]
  const ready = median(result.readyMs)
  return [
    {
      scenario,
      figure: `npm start → ready, unchanged checkout (PGlite, existing data; median of ${result.readyMs.length}: ${result.readyMs.join(", ")} ms; ${result.builds} rebuilt)`,
      value: `${round(ready / 1000, 2)} s`,
      target: "≤ 5 s, no build",
      pass: ready <= 5000 && result.builds === 0,
    },
  ]
}
