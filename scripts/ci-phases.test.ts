import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

import { afterEach, beforeEach, describe, expect, it } from "vitest"

import {
  failedTests,
  runSteps,
  slowestTestFiles,
  stopRunning,
  testCounts,
  typecheckProjects,
} from "./ci-phases.mjs"

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "nativ-ci-phases-"))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** A phase that runs a line of shell. */
const sh = (name: string, script: string) => ({ name, command: "bash", args: ["-c", script] })

/**
 * Whether a process still runs. An exited one whose parent is gone stays a zombie until PID 1
 * reaps it (not every container's PID 1 does), and signal 0 still reaches a zombie: its state in
 * /proc says it has exited.
 */
function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z"
  } catch {
    return existsSync(`/proc/${pid}`)
  }
}

async function run(steps: Parameters<typeof runSteps>[0]) {
  let log = ""
  const ok = await runSteps(steps, (text) => (log += text))
  return { ok, log }
}

describe("runSteps (.ci/run)", () => {
  it("passes when every phase passes and prints each phase's time and test counts", async () => {
    const { ok, log } = await run([
      sh("install", "echo installing"),
      [sh("unit", "echo '      Tests  12 passed (12)'"), sh("e2e", "echo '  3 passed (1.2s)'")],
    ])
    expect(ok).toBe(true)
    expect(log).toMatch(/== install: passed in \d+ s/)
    expect(log).toMatch(/== unit: passed in \d+ s/)
    expect(log).toContain("[unit]       Tests  12 passed (12)")
    expect(log).toMatch(/ok +\d+ s {2}unit {2}\(vitest: 12 passed \(12\)\)/)
    expect(log).toMatch(/ok +\d+ s {2}e2e {2}\(playwright: 3 passed\)/)
  })

  it("fails when a phase beside others fails, after waiting for the others to finish", async () => {
    const done = join(dir, "slow-finished")
    const { ok, log } = await run([
      [sh("fails", "exit 3"), sh("slow", `sleep 1 && touch ${done}`)],
      sh("after", "echo never"),
    ])
    expect(ok).toBe(false)
    expect(existsSync(done)).toBe(true)
    expect(log).toMatch(/== fails: FAILED \(exit 3\) in \d+ s/)
    expect(log).toMatch(/ok +\d+ s {2}slow/)
    expect(log).toContain("skipped         after")
    expect(log).not.toContain("never")
  })

  it("runs a lane's phases one after another beside the other lanes; a failure skips the rest of its lane", async () => {
    const first = join(dir, "first-finished")
    const { ok, log } = await run([
      [
        [sh("first", `sleep 1 && touch ${first}`), sh("second", `test -f ${first} && echo second`)],
        [sh("breaks", "exit 2"), sh("after breaks", "echo never")],
      ],
      sh("next step", "echo never"),
    ])
    expect(ok).toBe(false)
    expect(log).toContain("[second] second")
    expect(log).toMatch(/ok +\d+ s {2}second/)
    expect(log).toMatch(/== breaks: FAILED \(exit 2\)/)
    expect(log).toContain("skipped         after breaks")
    expect(log).toContain("skipped         next step")
    expect(log).not.toContain("never")
  })

  it("stops at a failed phase and fails when the command cannot start", async () => {
    const { ok, log } = await run([
      { name: "missing", command: join(dir, "no-such-command") },
      sh("next", "echo never"),
    ])
    expect(ok).toBe(false)
    expect(log).toMatch(/== missing: FAILED \(spawn .*ENOENT\)/)
    expect(log).toContain("skipped         next")
  })

  it("gives a phase its own settings and removes the variables it sets to undefined", async () => {
    process.env.NATIV_CI_PHASES_TEST = "inherited"
    try {
      const { ok, log } = await run([
        {
          name: "env",
          command: "bash",
          args: ["-c", 'echo "url=$DATABASE_URL other=${NATIV_CI_PHASES_TEST-unset}"'],
          env: { DATABASE_URL: "postgres://db", NATIV_CI_PHASES_TEST: undefined },
        },
      ])
      expect(ok).toBe(true)
      expect(log).toContain("url=postgres://db other=unset")
    } finally {
      delete process.env.NATIV_CI_PHASES_TEST
    }
  })

  it("stops a cancelled run's phases together with the processes they started", async () => {
    const pidFile = join(dir, "grandchild.pid")
    const running = run([sh("long", `sleep 60 & echo $! > ${pidFile}; wait`), sh("next", "true")])
    while (!existsSync(pidFile) || !readFileSync(pidFile, "utf8").trim())
      await new Promise((r) => setTimeout(r, 20))
    stopRunning("SIGTERM")
    const { ok, log } = await running
    expect(ok).toBe(false)
    expect(log).toContain("== long: FAILED (signal SIGTERM)")
    expect(log).toContain("skipped         next")
    const grandchild = Number(readFileSync(pidFile, "utf8"))
    // A loaded CI machine may take a while to deliver the signal and end the process.
    await expect.poll(() => isAlive(grandchild), { timeout: 15_000 }).toBe(false)
  })

  it("fails a phase killed by a signal", async () => {
    const { ok, log } = await run([sh("killed", "kill -TERM $$")])
    expect(ok).toBe(false)
    expect(log).toContain("FAILED (signal SIGTERM)")
  })
})

describe("testCounts", () => {
  it("reads Vitest's last summary, colours and all", () => {
    const output =
      "\u001b[2m      Tests \u001b[22m \u001b[1m\u001b[31m1 failed\u001b[39m\u001b[22m\u001b[2m | \u001b[22m\u001b[1m\u001b[32m8 passed\u001b[39m\u001b[22m\u001b[90m (9)\u001b[39m\n"
    expect(testCounts(output)).toBe("vitest: 1 failed | 8 passed (9)")
  })

  it("reads Playwright's summary lines", () => {
    expect(
      testCounts("  1 failed\n    [chromium] › a.spec.ts\n  2 flaky\n  89 passed (7.7m)\n"),
    ).toBe("playwright: 1 failed, 2 flaky, 89 passed")
  })
})

describe("typecheckProjects", () => {
  it("lists the projects of the typecheck script, in order", () => {
    const pkg = join(dir, "package.json")
    writeFileSync(
      pkg,
      JSON.stringify({
        scripts: {
          typecheck:
            "tsc -p tsconfig.json --noEmit && tsc --project apps/web/tsconfig.json --noEmit && tsc -p e2e/tsconfig.json",
        },
      }),
    )
    expect(typecheckProjects(pkg)).toEqual([
      "tsconfig.json",
      "apps/web/tsconfig.json",
      "e2e/tsconfig.json",
    ])
  })

  it("refuses a typecheck script with no project, rather than checking nothing", () => {
    const pkg = join(dir, "package.json")
    writeFileSync(pkg, JSON.stringify({ scripts: { typecheck: "tsc --noEmit" } }))
    expect(() => typecheckProjects(pkg)).toThrow(/no "-p PROJECT"/)
  })

  it("finds every project this repository's typecheck script names", () => {
    const script = (
      JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
        scripts: { typecheck: string }
      }
    ).scripts.typecheck
    expect(typecheckProjects()).toHaveLength(script.split("&&").length)
  })
})

describe("slowestTestFiles", () => {
  it("lists a Vitest JSON report's slowest files first, and nothing for a missing report", () => {
    const report = join(dir, "report.json")
    writeFileSync(
      report,
      JSON.stringify({
        testResults: [
          { name: join(process.cwd(), "a.test.ts"), startTime: 1_000, endTime: 3_500 },
          { name: join(process.cwd(), "b.test.ts"), startTime: 1_000, endTime: 41_000 },
          { name: join(process.cwd(), "c.test.ts"), startTime: 1_000, endTime: 1_200 },
        ],
      }),
    )
    expect(slowestTestFiles(report, 2)).toEqual([
      { file: "b.test.ts", seconds: 40 },
      { file: "a.test.ts", seconds: 2.5 },
    ])
    expect(slowestTestFiles(join(dir, "missing.json"), 2)).toEqual([])
  })
})

describe("failedTests", () => {
  it("names the failed tests of a Vitest report, and a file that failed to load", () => {
    const report = join(dir, "vitest.json")
    writeFileSync(
      report,
      JSON.stringify({
        testResults: [
          {
            name: join(process.cwd(), "src/a.test.ts"),
            status: "failed",
            assertionResults: [
              { status: "passed", fullName: "a passes" },
              { status: "failed", fullName: "a › breaks" },
            ],
          },
          {
            name: join(process.cwd(), "src/b.test.ts"),
            status: "failed",
            message: "Cannot find module './gone'\n  at import",
            assertionResults: [],
          },
          { name: join(process.cwd(), "src/c.test.ts"), status: "passed", assertionResults: [] },
        ],
      }),
    )
    expect(failedTests(report)).toEqual([
      "src/a.test.ts › a › breaks",
      "src/b.test.ts › Cannot find module './gone'",
    ])
  })

  it("names the failed tests of a Playwright report, not the flaky or passed ones", () => {
    const report = join(dir, "playwright.json")
    const spec = (title: string, line: number, status: string) => ({
      title,
      file: "billing.spec.ts",
      line,
      tests: [{ status }],
    })
    writeFileSync(
      report,
      JSON.stringify({
        suites: [
          {
            specs: [spec("buys credits", 10, "expected")],
            suites: [{ specs: [spec("refunds", 20, "unexpected"), spec("retries", 30, "flaky")] }],
          },
        ],
      }),
    )
    expect(failedTests(report)).toEqual(["billing.spec.ts:20 › refunds"])
  })

  it("has nothing to name without a report", () => {
    expect(failedTests(join(dir, "missing.json"))).toEqual([])
  })
})
