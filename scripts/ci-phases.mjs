// Runs CI's phases — one after another, or a group side by side — and reports each one's time,
// exit status and test counts, so a slow or failing phase is named in the log's last lines.
import { spawn } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { relative } from "node:path"
import { stripVTControlCharacters } from "node:util"

/**
 * @typedef {{ name: string, command: string, args?: string[], env?: Record<string, string | undefined> }} Phase
 * @typedef {Phase | Phase[]} Lane a phase, or phases that run one after another
 * @typedef {Phase | Lane[]} Step a phase, or lanes that run at the same time
 * @typedef {{ name: string, ok: boolean, seconds: number, tests: string }} Outcome
 */

/**
 * The test counts a runner printed last: Vitest's "Tests  N passed (N)" line, or Playwright's
 * "N passed" / "N failed" / "N flaky" / "N skipped" lines.
 * @param {string} output
 */
export function testCounts(output) {
  const text = stripVTControlCharacters(output)
  const vitest = [...text.matchAll(/^\s*Tests\s+(.+\(\d+\))\s*$/gm)].at(-1)
  if (vitest?.[1]) return `vitest: ${vitest[1].replace(/\s+/g, " ")}`
  const playwright = [
    ...text.matchAll(/^\s*(\d+) (passed|failed|flaky|skipped|did not run|interrupted)\b/gm),
  ]
  if (playwright.length > 0)
    return `playwright: ${playwright.map((m) => `${m[1]} ${m[2]}`).join(", ")}`
  return ""
}

/** @type {Set<import("node:child_process").ChildProcess>} the phases running now */
const running = new Set()

/**
 * Stops every running phase with everything it started (each phase is its own process group):
 * for a CI run that is cancelled.
 * @param {NodeJS.Signals} signal
 */
export function stopRunning(signal) {
  for (const child of running) {
    try {
      process.kill(-(child.pid ?? 0), signal)
    } catch {
      // already gone
    }
  }
}

/**
 * This process's environment with the phase's settings; an undefined value removes a variable.
 * @param {Record<string, string | undefined>} [settings]
 */
function environment(settings = {}) {
  const env = { ...process.env, ...settings }
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key]
  return env
}

/**
 * Runs one phase. Its output goes to `write` line by line, prefixed with its name when it runs
 * beside others (so interleaved lines stay attributable).
 * @param {Phase} phase
 * @param {{ prefix: boolean, write: (text: string) => void }} options
 * @returns {Promise<Outcome>}
 */
export function runPhase(phase, { prefix, write }) {
  const started = performance.now()
  write(`\n== ${phase.name}: started\n`)
  return new Promise((resolve) => {
    const child = spawn(phase.command, phase.args ?? [], {
      env: environment(phase.env),
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    })
    running.add(child)
    let output = ""
    let partial = ""
    /** @param {Buffer} chunk */
    const onData = (chunk) => {
      const text = chunk.toString()
      output += text
      if (!prefix) return write(text)
      const lines = (partial + text).split("\n")
      partial = lines.pop() ?? ""
      for (const line of lines) write(`[${phase.name}] ${line}\n`)
    }
    child.stdout.on("data", onData)
    child.stderr.on("data", onData)
    /** @param {number | null} code @param {string} [why] */
    const finish = (code, why) => {
      running.delete(child)
      if (prefix && partial) write(`[${phase.name}] ${partial}\n`)
      const seconds = Math.round((performance.now() - started) / 1000)
      const ok = code === 0
      write(
        `== ${phase.name}: ${ok ? "passed" : `FAILED (${why ?? `exit ${code}`})`} in ${seconds} s\n`,
      )
      resolve({ name: phase.name, ok, seconds, tests: testCounts(output) })
    }
    child.on("error", (error) => finish(null, error.message))
    child.on("close", (code, signal) => finish(code, signal ? `signal ${signal}` : undefined))
  })
}

/**
 * Runs the steps in order; a group's lanes run at the same time and are all awaited, each lane's
 * phases one after another (a failed phase skips the rest of its lane). The first step with a
 * failed phase stops the run (later steps would only add noise). Prints a summary.
 * @param {Step[]} steps
 * @param {(text: string) => void} [write]
 * @returns {Promise<boolean>} whether every phase passed
 */
export async function runSteps(steps, write = (text) => process.stdout.write(text)) {
  const started = performance.now()
  /** @type {Outcome[]} */
  const outcomes = []
  for (const step of steps) {
    const lanes = Array.isArray(step) ? step.map((lane) => [lane].flat()) : [[step]]
    const prefix = lanes.length > 1
    let failed = false
    await Promise.all(
      lanes.map(async (lane) => {
        for (const phase of lane) {
          const outcome = await runPhase(phase, { prefix, write })
          outcomes.push(outcome)
          if (!outcome.ok) return void (failed = true)
        }
      }),
    )
    if (failed) break
  }
  const phases = steps.flat(2)
  const ok = outcomes.length === phases.length && outcomes.every((o) => o.ok)
  const total = Math.round((performance.now() - started) / 1000)
  write(`\n== summary (${total} s in all)\n`)
  for (const o of outcomes)
    write(
      `${o.ok ? "ok    " : "FAILED"} ${`${o.seconds} s`.padStart(6)}  ${o.name}${o.tests ? `  (${o.tests})` : ""}\n`,
    )
  const ran = new Set(outcomes.map((o) => o.name))
  for (const phase of phases.filter((p) => !ran.has(p.name)))
    write(`skipped         ${phase.name}\n`)
  return ok
}

/**
 * The TypeScript projects `npm run typecheck` checks (its `-p PATH` arguments), so that CI checks
 * the same list with another compiler.
 * @param {string | URL} [packageJson] the package.json to read
 * @returns {string[]}
 */
export function typecheckProjects(packageJson = new URL("../package.json", import.meta.url)) {
  const script = JSON.parse(readFileSync(packageJson, "utf8")).scripts?.typecheck ?? ""
  const projects = [...script.matchAll(/(?:^|\s)(?:-p|--project)\s+(\S+)/g)].map((m) => m[1])
  if (projects.length === 0) throw new Error(`no "-p PROJECT" in the typecheck script: ${script}`)
  return projects
}

/**
 * The slowest test files of a Vitest JSON report (`--reporter=json`), slowest first; none when
 * the report is missing (the run did not get that far).
 * @param {string} reportPath
 * @param {number} count
 * @returns {{ file: string, seconds: number }[]}
 */
export function slowestTestFiles(reportPath, count) {
  if (!existsSync(reportPath)) return []
  /** @type {{ testResults?: { name: string, startTime: number, endTime: number }[] }} */
  const report = JSON.parse(readFileSync(reportPath, "utf8"))
  return (report.testResults ?? [])
    .map((r) => ({
      file: relative(process.cwd(), r.name),
      seconds: Math.round((r.endTime - r.startTime) / 100) / 10,
    }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
}

/**
 * The tests that failed, by a Vitest JSON report (`--reporter=json`) or a Playwright one
 * (`--reporter=json`), as "file › title" lines: printed at the end of CI's log, where a reader of
 * its last lines sees them without searching the interleaved output.
 * @param {string} reportPath
 * @returns {string[]}
 */
export function failedTests(reportPath) {
  if (!existsSync(reportPath)) return []
  const report = JSON.parse(readFileSync(reportPath, "utf8"))
  /** @type {string[]} */
  const failed = []
  // Vitest: testResults[].assertionResults[] with status "failed" (or a file that failed to load).
  for (const file of report.testResults ?? []) {
    const name = relative(process.cwd(), file.name)
    const tests = (file.assertionResults ?? []).filter(
      (/** @type {{ status: string }} */ t) => t.status === "failed",
    )
    for (const test of tests) failed.push(`${name} › ${test.fullName ?? test.title}`)
    if (tests.length === 0 && file.status === "failed")
      failed.push(`${name} › ${String(file.message ?? "failed").split("\n")[0]}`)
  }
  // Playwright: suites (nested) → specs → tests → results; a test is failed when it ended
  // unexpectedly (status "unexpected"; "flaky" passed on a retry).
  /** @param {any} suite */
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === "unexpected") failed.push(`${spec.file}:${spec.line} › ${spec.title}`)
    for (const child of suite.suites ?? []) walk(child)
  }
  for (const suite of report.suites ?? []) walk(suite)
  return failed
}
