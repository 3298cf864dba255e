import { execFileSync } from "node:child_process"
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"

import { afterAll, beforeAll, describe, expect, it } from "vitest"

const repoRoot = join(import.meta.dirname, "..")
const rootPackage = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as {
  scripts: Record<string, string>
}

/**
 * A checkout with this repository's root `start` and `build` scripts and its scripts/ folder,
 * whose workspaces' builds only log that they ran and write their outputs; the "server" prints
 * a line and exits. `npm start` here is the real command a user runs, minus 30 s of bundling.
 */
let root: string

function write(path: string, content: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true })
  writeFileSync(join(root, path), content)
}

function workspace(dir: string, name: string, outputs: Record<string, string>) {
  write(
    `${dir}/package.json`,
    JSON.stringify({ name, private: true, scripts: { build: "node build.cjs" } }),
  )
  write(
    `${dir}/build.cjs`,
    `const fs = require("node:fs")
fs.appendFileSync("../../builds.log", ${JSON.stringify(name + "\n")})
for (const [path, content] of Object.entries(${JSON.stringify(outputs)})) {
  fs.mkdirSync(require("node:path").dirname(path), { recursive: true })
  fs.writeFileSync(path, content)
}`,
  )
  write(`${dir}/src/index.ts`, "export {}")
}

function npmStart(...args: string[]) {
  return execFileSync("npm", ["start", "--silent", ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, NATIV_REBUILD: "" },
    stdio: ["ignore", "pipe", "pipe"],
  })
}

const builds = () => readFileSync(join(root, "builds.log"), "utf8").trim().split("\n").length

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "nativ-npm-start-"))
  write(
    "package.json",
    JSON.stringify({
      name: "fixture",
      private: true,
      type: "module",
      workspaces: ["apps/*"],
      scripts: { start: rootPackage.scripts.start, build: rootPackage.scripts.build },
    }),
  )
  write("package-lock.json", "{}")
  write("builds.log", "")
  cpSync(join(repoRoot, "scripts"), join(root, "scripts"), { recursive: true })
  workspace("apps/web", "@nativ/web", { "dist/index.html": "<!doctype html>" })
  workspace("apps/server", "@nativ/server", {
    "dist/index.js": 'console.log("server up")',
    "dist/cli.js": "",
  })
})

afterAll(() => rmSync(root, { recursive: true, force: true }))

describe("npm start", () => {
  it("builds on the first start and not on a restart of the unchanged checkout", () => {
    expect(npmStart()).toContain("server up")
    expect(builds()).toBe(2) // the dashboard and the server
    expect(npmStart()).toContain("server up")
    expect(builds()).toBe(2)
  })

  it("builds again after a source changed, and when asked with --build", () => {
    write("apps/web/src/index.ts", "export const changed = true")
    npmStart()
    expect(builds()).toBe(4)
    npmStart()
    expect(builds()).toBe(4)
    npmStart("--", "--build")
    expect(builds()).toBe(6)
  })
})
