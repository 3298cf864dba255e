import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"

import { afterEach, beforeEach, describe, expect, it } from "vitest"

import {
  BUILD_OUTPUTS,
  buildIfChanged,
  buildPlan,
  inputFiles,
  npmBuild,
  PLUGIN_BUILDS,
  STAMP_PATH,
} from "./build-cache.mjs"

const repoRoot = join(import.meta.dirname, "..")

/** A checkout laid out like this repository, with a build that only writes the outputs. */
let root: string
let builds: number
let buildSucceeds: boolean

function write(path: string, content: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true })
  writeFileSync(join(root, path), content)
}

function fakeBuild() {
  builds++
  if (!buildSucceeds) return false
  for (const output of buildPlan(root).outputs) write(output, `build ${builds}`)
  return true
}

const start = (force = false) => buildIfChanged(root, { force, build: fakeBuild, log: () => {} })

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "nativ-build-cache-"))
  builds = 0
  buildSucceeds = true
  write("package.json", "{}")
  write("package-lock.json", '{"lockfileVersion":3}')
  write("apps/web/src/app/main.tsx", "export {}")
  write("apps/web/index.html", "<!doctype html>")
  write("apps/server/src/index.ts", "export {}")
  write("packages/contracts/src/index.ts", "export const a = 1")
  write("plugins/figma/src/manifest.ts", "export {}")
})

/** A plugin workspace gets its build script. */
const addPluginBuild = (index: number) => write(PLUGIN_BUILDS[index]!.script, "// builds")

afterEach(() => rmSync(root, { recursive: true, force: true }))

describe("buildIfChanged (npm start)", () => {
  it("builds a checkout that was never built, then skips it while nothing changes", () => {
    expect(start()).toMatchObject({ built: true, reason: "apps/web/dist/index.html is missing" })
    expect(start()).toEqual({ built: false, reason: null })
    expect(start()).toEqual({ built: false, reason: null })
    expect(builds).toBe(1)
  })

  it("rebuilds when a source of the dashboard, the server, a package or a plugin changes", () => {
    start()
    for (const source of [
      "apps/web/src/app/main.tsx",
      "apps/server/src/index.ts",
      "packages/contracts/src/index.ts",
      "plugins/figma/src/manifest.ts",
    ]) {
      write(source, `export const changed = "${source}"`)
      expect(start()).toMatchObject({
        built: true,
        reason: "the sources changed since the last build",
      })
      expect(start().built).toBe(false)
    }
    expect(builds).toBe(5)
  })

  it("rebuilds when a new source file appears or the lockfile changes", () => {
    start()
    write("apps/web/src/features/new-page.tsx", "export {}")
    expect(start().built).toBe(true)
    write("package-lock.json", '{"lockfileVersion":3,"packages":{}}')
    expect(start().built).toBe(true)
    expect(builds).toBe(3)
  })

  it("does not rebuild for tests, build outputs, installed packages or run-time data", () => {
    start()
    write("apps/server/src/index.test.ts", "it('runs')")
    write("apps/web/src/app/main.test.tsx", "it('renders')")
    write("apps/web/dist/assets/extra.js", "")
    write("apps/web/node_modules/some-package/index.js", "")
    write("apps/server/data/nativ.lock", "")
    write("plugins/figma/dist/code.js", "")
    write("plugins/figma/src/manifest.test.ts", "it('names the origin')")
    expect(start().built).toBe(false)
    expect(builds).toBe(1)
  })

  it("builds once when the outputs exist but no build was recorded (a build before this check)", () => {
    for (const output of BUILD_OUTPUTS) write(output, "an older build")
    expect(start()).toMatchObject({ built: true, reason: "no build has been recorded" })
    expect(start().built).toBe(false)
  })

  it("rebuilds when an output was deleted", () => {
    start()
    rmSync(join(root, "apps/web/dist"), { recursive: true })
    expect(start()).toMatchObject({ built: true, reason: "apps/web/dist/index.html is missing" })
  })

  it("builds when asked even though nothing changed", () => {
    start()
    expect(start(true)).toMatchObject({ built: true, reason: "a build was asked for" })
    expect(builds).toBe(2)
  })

  it("builds a plugin once its build script exists, and again when its build output is deleted", () => {
    start()
    expect(buildPlan(root).workspaces).toEqual(["@nativ/web", "@nativ/server"])
    addPluginBuild(0)
    expect(start().built).toBe(true) // the script is a new input
    expect(buildPlan(root).workspaces).toEqual([
      "@nativ/web",
      "@nativ/server",
      "@nativ/figma-plugin",
    ])
    expect(start().built).toBe(false)
    rmSync(join(root, "plugins/figma/dist"), { recursive: true })
    expect(start()).toMatchObject({ built: true, reason: "plugins/figma/dist/code.js is missing" })
    addPluginBuild(1)
    expect(start().built).toBe(true)
    rmSync(join(root, "plugins/photoshop/dist/index.html"))
    expect(start()).toMatchObject({
      built: true,
      reason: "plugins/photoshop/dist/index.html is missing",
    })
    expect(start().built).toBe(false)
  })

  it("builds every workspace in order, naming in the log a plugin that has no build script yet", () => {
    addPluginBuild(1)
    const lines: string[] = []
    const ran: string[] = []
    const ok = npmBuild(
      root,
      (line) => lines.push(line),
      (_root, workspace) => {
        ran.push(workspace)
        return true
      },
    )
    expect(ok).toBe(true)
    expect(ran).toEqual(["@nativ/web", "@nativ/server", "@nativ/photoshop-plugin"])
    expect(lines).toEqual([
      "Not building the Figma plugin: plugins/figma/scripts/build.mjs does not exist yet.",
    ])
  })

  it("stops at a plugin whose build fails, so npm run build fails", () => {
    addPluginBuild(0)
    addPluginBuild(1)
    const ran: string[] = []
    const ok = npmBuild(
      root,
      () => {},
      (_root, workspace) => {
        ran.push(workspace)
        return workspace !== "@nativ/figma-plugin"
      },
    )
    expect(ok).toBe(false)
    expect(ran).toEqual(["@nativ/web", "@nativ/server", "@nativ/figma-plugin"])
  })

  it("throws on a failed build and does not take it for a good one on the next start", () => {
    start()
    write("apps/server/src/index.ts", "syntax error")
    buildSucceeds = false
    expect(() => start()).toThrow("The build failed")
    expect(existsSync(join(root, STAMP_PATH))).toBe(false)
    // Reverting the edit: the outputs on disk may be half-written, so it must build again.
    write("apps/server/src/index.ts", "export {}")
    buildSucceeds = true
    expect(start().built).toBe(true)
  })
})

describe("the build's inputs in this repository", () => {
  const files = inputFiles(repoRoot)

  it("include the sources each build reads and the lockfile", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        "package-lock.json",
        "apps/web/index.html",
        "apps/web/vite.config.ts",
        "apps/web/src/app/main.tsx",
        "apps/server/src/index.ts",
        "apps/server/scripts/build.mjs",
        "packages/contracts/src/index.ts",
        "packages/client/src/index.ts",
        "plugins/figma/src/manifest.ts",
        "plugins/photoshop/src/manifest.ts",
      ]),
    )
  })

  it("leave out outputs, installed packages and tests", () => {
    expect(files.filter((f) => /(^|\/)(dist|node_modules)\/|\.test\.tsx?$/.test(f))).toEqual([])
  })
})
