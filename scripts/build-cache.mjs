// Decides whether `npm start` (and the end-to-end setup) must rebuild: a digest of every file the
// build reads is recorded after each successful build, and a later run whose digest matches, with
// the outputs still in place, skips the ~30 s build.
import { spawnSync } from "node:child_process"
import { createHash } from "node:crypto"
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join, relative, sep } from "node:path"

/** Folders whose files feed the build (the dashboard, the server, the design-tool plugins and the packages they bundle). */
const INPUT_DIRS = ["apps/web", "apps/server", "packages", "plugins"]
/** Root files that change what the build produces: scripts, dependency versions, compiler options. */
const INPUT_FILES = [
  "package.json",
  "package-lock.json",
  "tsconfig.base.json",
  "scripts/build.mjs",
  "scripts/build-cache.mjs",
]
/** Build outputs, run-time data and caches inside the input folders: never inputs. */
const SKIPPED_DIRS = new Set(["node_modules", "dist", "data", ".vite", ".tmp", "coverage"])
/** Tests are never bundled: editing one must not cost a rebuild. */
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/

/** What a complete build leaves behind; a missing one means the last build is gone. */
export const BUILD_OUTPUTS = [
  "apps/web/dist/index.html",
  "apps/server/dist/index.js",
  "apps/server/dist/cli.js",
]

/**
 * The design-tool plugins, built after the dashboard and the server once their workspace has its
 * build script (the server hands their builds out as zips: GET /plugins/<name>.zip).
 */
export const PLUGIN_BUILDS = [
  {
    title: "the Figma plugin",
    workspace: "@nativ/figma-plugin",
    script: "plugins/figma/scripts/build.mjs",
    outputs: ["plugins/figma/dist/code.js", "plugins/figma/dist/ui.html"],
  },
  {
    title: "the Photoshop plugin",
    workspace: "@nativ/photoshop-plugin",
    script: "plugins/photoshop/scripts/build.mjs",
    outputs: ["plugins/photoshop/dist/index.html", "plugins/photoshop/dist/index.js"],
  },
]

/**
 * The workspaces `npm run build` builds in this checkout, in order, and why a plugin is left out.
 * @param {string} root
 * @returns {{ workspaces: string[], outputs: string[], skipped: string[] }}
 */
export function buildPlan(root) {
  const plugins = PLUGIN_BUILDS.filter((plugin) => existsSync(join(root, plugin.script)))
  return {
    workspaces: ["@nativ/web", "@nativ/server", ...plugins.map((plugin) => plugin.workspace)],
    outputs: [...BUILD_OUTPUTS, ...plugins.flatMap((plugin) => plugin.outputs)],
    skipped: PLUGIN_BUILDS.filter((plugin) => !plugins.includes(plugin)).map(
      (plugin) => `Not building ${plugin.title}: ${plugin.script} does not exist yet.`,
    ),
  }
}

/** The digest of a build is kept beside the installed packages, like other tools' caches. */
export const STAMP_PATH = "node_modules/.cache/nativ/build-stamp.json"

/**
 * Every input file, relative to root with forward slashes, sorted.
 * @param {string} root
 * @returns {string[]}
 */
export function inputFiles(root) {
  /** @type {string[]} */
  const files = INPUT_FILES.filter((file) => existsSync(join(root, file)))
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(path)
      } else if (entry.isFile() && !TEST_FILE.test(entry.name)) {
        files.push(relative(root, path).split(sep).join("/"))
      }
    }
  }
  for (const dir of INPUT_DIRS) if (existsSync(join(root, dir))) walk(join(root, dir))
  return files.sort()
}

/**
 * SHA-256 over every input's path and content (content, not mtime: a checkout that rewrites a
 * file unchanged does not cost a build).
 * @param {string} root
 */
export function inputsDigest(root) {
  const hash = createHash("sha256")
  for (const file of inputFiles(root)) {
    hash.update(`${file}\0`)
    hash.update(readFileSync(join(root, file)))
    hash.update("\0")
  }
  return hash.digest("hex")
}

/**
 * Why a build is needed, or null when the last recorded build matches the sources.
 * @param {string} root
 * @param {string} digest
 * @returns {string | null}
 */
export function rebuildReason(root, digest) {
  const missing = buildPlan(root).outputs.find((output) => !existsSync(join(root, output)))
  if (missing) return `${missing} is missing`
  let recorded
  try {
    recorded = JSON.parse(readFileSync(join(root, STAMP_PATH), "utf8")).digest
  } catch {
    return "no build has been recorded"
  }
  return recorded === digest ? null : "the sources changed since the last build"
}

/**
 * `npm run build -w <workspace>` in the checkout.
 * @param {string} root
 * @param {string} workspace
 */
function npmRunBuild(root, workspace) {
  return (
    spawnSync("npm", ["run", "build", "-w", workspace], { cwd: root, stdio: "inherit" }).status ===
    0
  )
}

/**
 * Runs the dashboard's, the server's and the plugins' builds, stopping at the first that fails;
 * a plugin without a build script yet is named in the log, not built.
 * @param {string} root
 * @param {(line: string) => void} [log]
 * @param {(root: string, workspace: string) => boolean} [run]
 * @returns {boolean} whether all succeeded
 */
export function npmBuild(
  root,
  log = (line) => process.stderr.write(`${line}\n`),
  run = npmRunBuild,
) {
  const { workspaces, skipped } = buildPlan(root)
  for (const line of skipped) log(line)
  return workspaces.every((workspace) => run(root, workspace))
}

/**
 * Builds unless `force` is false and the last build matches the sources. The digest is taken
 * before building, so a file edited during the build makes the next run build again; the old
 * stamp is removed first, so a failed or interrupted build is never taken for a good one.
 * @param {string} root
 * @param {{ force?: boolean, build?: (root: string, log: (line: string) => void) => boolean, log?: (line: string) => void }} [options]
 * @returns {{ built: boolean, reason: string | null }} throws when the build fails
 */
export function buildIfChanged(root, options = {}) {
  const {
    force = false,
    build = npmBuild,
    log = (line) => process.stderr.write(`${line}\n`),
  } = options
  const digest = inputsDigest(root)
  const reason = force ? "a build was asked for" : rebuildReason(root, digest)
  if (reason === null) {
    log(
      "Build up to date: no source changed since the last build (npm start -- --build forces one).",
    )
    return { built: false, reason }
  }
  log(`Building: ${reason}.`)
  const stamp = join(root, STAMP_PATH)
  rmSync(stamp, { force: true })
  if (!build(root, log)) throw new Error("The build failed")
  mkdirSync(dirname(stamp), { recursive: true })
  writeFileSync(stamp, JSON.stringify({ digest, builtAt: new Date().toISOString() }) + "\n")
  return { built: true, reason }
}
