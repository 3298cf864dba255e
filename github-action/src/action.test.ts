import { execFile } from "node:child_process"
import { mkdir, readFile, writeFile } from "node:fs/promises"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"

import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { parse } from "yaml"

import {
  apiKeyOf,
  scratchDir,
  signedInUser,
  startServer,
  type TestApp,
} from "../../packages/cli/src/testing/cli-test-kit"
import { startFakeGitHub } from "./testing/fake-github"

const exec = promisify(execFile)
const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const bundle = join(root, "dist/index.js")

let app: TestApp
let apiKey: string
let github: Awaited<ReturnType<typeof startFakeGitHub>>
let repo: string
let cleanup: () => Promise<void>

const git = (...args: string[]) => exec("git", args, { cwd: repo }).then((r) => r.stdout.trim())
const write = async (path: string, content: string) => {
  await mkdir(dirname(join(repo, path)), { recursive: true })
  await writeFile(join(repo, path), content)
}
const read = (path: string) => readFile(join(repo, path), "utf8")

beforeAll(async () => {
  // The bundle the runner starts (action.yml: runs.main), built as the release step builds it.
  await exec(process.execPath, [join(root, "scripts/build.mjs")])
  app = await startServer()
  apiKey = await apiKeyOf(app, await signedInUser(app, 1000))
  github = await startFakeGitHub("acme", "shop")
  let dir: string
  ;[dir, cleanup] = await scratchDir("action")
  repo = join(dir, "work")
  const origin = join(dir, "origin.git")
  await exec("git", ["init", "-q", "--bare", origin])
  await exec("git", ["init", "-q", "-b", "main", repo])
  await git("remote", "add", "origin", origin)
  await git("config", "user.name", "Dev")
  await git("config", "user.email", "dev@example.com")
  await write(
    "locales/en/common.json",
    JSON.stringify({ greeting: "Hello, {name}!", cart: { total: "Total: $1,299.99" } }, null, 2),
  )
  await write("locales/en/ignored.txt", "not a locale file")
  await git("add", ".")
  await git("commit", "-q", "-m", "Source strings")
}, 120_000)
afterAll(async () => {
  await app?.close()
  await github?.close()
  await cleanup?.()
})

/** A push to main: the workflow's checkout starts there. */
async function pushToMain(source: Record<string, unknown>) {
  await git("checkout", "-q", "main")
  await write("locales/en/common.json", JSON.stringify(source, null, 2))
  await git("commit", "-q", "-am", "Source strings changed")
}

/** Runs dist/index.js as the runner does: inputs in INPUT_*, outputs read from GITHUB_OUTPUT. */
async function runAction(inputs: Record<string, string>) {
  const outputFile = join(repo, "..", `output-${Date.now()}`)
  await writeFile(outputFile, "")
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "/tmp",
    GITHUB_OUTPUT: outputFile,
    GITHUB_REPOSITORY: "acme/shop",
    GITHUB_API_URL: github.url,
    GITHUB_REF_NAME: "main",
  }
  for (const [name, value] of Object.entries({ api_key: apiKey, api_url: app.url, ...inputs }))
    env[`INPUT_${name.toUpperCase()}`] = value
  const result = await exec(process.execPath, [bundle], { cwd: repo, env }).then(
    (r) => ({ code: 0, ...r }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  )
  // GITHUB_OUTPUT holds `name<<delimiter` … `delimiter` blocks.
  const outputs: Record<string, string> = {}
  const written = await readFile(outputFile, "utf8")
  for (const match of written.matchAll(/^(\w+)<<(\S+)\n([\s\S]*?)\n\2$/gm))
    outputs[match[1]!] = match[3]!
  return { code: result.code, stdout: result.stdout, outputs }
}

describe("action.yml", () => {
  it("offers every input and output of Nativ's published Action, as a node20 JavaScript action", async () => {
    const action = parse(await readFile(join(root, "action.yml"), "utf8")) as {
      inputs: Record<string, { required?: boolean; default?: string }>
      outputs: Record<string, unknown>
      runs: { using: string; main: string }
    }
    expect(action.runs).toEqual({ using: "node20", main: "dist/index.js" })
    const published = [
      "api_key",
      "source_path",
      "target_languages",
      "source_language",
      "file_pattern",
      "output_dir",
      "formality",
      "commit",
      "commit_message",
      "create_pr",
      "pr_title",
      "pr_branch",
    ]
    expect(Object.keys(action.inputs)).toEqual(
      expect.arrayContaining([...published, "api_url", "output_pattern"]),
    )
    expect(action.inputs.file_pattern!.default).toBe("*.json")
    expect(action.inputs.output_dir!.default).toBe("locales")
    expect(Object.keys(action.outputs)).toEqual(
      expect.arrayContaining([
        "files_translated",
        "languages",
        "strings_translated",
        "credits_spent",
      ]),
    )
    // Every input the entry point reads is declared, so the runner passes it.
    const source = await readFile(join(root, "src/main.ts"), "utf8")
    const read = [...source.matchAll(/(?:getInput|optional|flag)\("(\w+)"/g)].map((m) => m[1])
    for (const name of read) expect(Object.keys(action.inputs)).toContain(name)
  })
})

describe("the GitHub Action (dist/index.js) against a real server", () => {
  it("runs Nativ's quick start: French,German,Japanese into locales/{lang}/, committed", async () => {
    const run = await runAction({
      source_path: "locales/en",
      target_languages: "French,German,Japanese",
      output_dir: "locales",
      commit: "true",
    })
    expect(run.code, run.stdout).toBe(0)
    expect(run.outputs).toMatchObject({
      files_translated: "3",
      strings_translated: "6",
      languages: "fr,de,ja",
    })
    expect(Number(run.outputs.credits_spent)).toBeGreaterThan(0)
    expect(JSON.parse(await read("locales/de/common.json"))).toEqual({
      greeting: "Hello, {name}!",
      cart: { total: "Total: 1.299,99\u00A0$" },
    })
    expect(await git("log", "-1", "--format=%s %an")).toBe(
      "chore(i18n): update translations via Nativ Dev",
    )
    expect(await git("status", "--porcelain")).toBe("")

    const head = await git("rev-parse", "HEAD")
    const unchanged = await runAction({
      source_path: "locales/en",
      target_languages: "French,German,Japanese",
      commit: "true",
    })
    expect(unchanged.code, unchanged.stdout).toBe(0)
    expect(unchanged.outputs).toMatchObject({ strings_translated: "0", credits_spent: "0" })
    expect(unchanged.stdout).toContain("No translation changes to commit.")
    expect(await git("rev-parse", "HEAD")).toBe(head)
  })

  it("sends only changed strings and opens, then updates, a pull request", async () => {
    await pushToMain({ greeting: "Hello, {name}!", cart: { total: "Total: $5" } })
    const inputs = {
      source_path: "locales/en",
      target_languages: "fr,de,ja",
      create_pr: "true",
      github_token: "ghs_test",
    }
    const first = await runAction(inputs)
    expect(first.code, first.stdout).toBe(0)
    expect(first.outputs).toMatchObject({ files_translated: "3", strings_translated: "3" })
    expect(first.outputs.pull_request_url).toBe("https://github.com/acme/shop/pull/1")
    expect(github.pulls).toEqual([
      expect.objectContaining({ head: "nativ/translations", base: "main", number: 1 }),
    ])
    expect(await git("ls-remote", "origin", "refs/heads/nativ/translations")).toContain(
      await git("rev-parse", "HEAD"),
    )
    expect(JSON.parse(await git("show", "nativ/translations:locales/fr/common.json"))).toEqual({
      greeting: "Hello, {name}\u202F!",
      cart: { total: "Total\u00A0: 5\u00A0$" },
    })

    await pushToMain({ greeting: "Hi, {name}!", cart: { total: "Total: $5" } })
    const again = await runAction({ ...inputs, pr_title: "Translations, round 2" })
    expect(again.code, again.stdout).toBe(0)
    // Only the changed greeting is sent; the total comes back from memory at no cost.
    expect(again.outputs).toMatchObject({ strings_translated: "3" })
    expect(github.calls.at(-1)).toMatchObject({ method: "PATCH", path: "/repos/acme/shop/pulls/1" })
    expect(github.pulls).toEqual([expect.objectContaining({ title: "Translations, round 2" })])
  })

  it("fails the step with the server's reason on a bad key, writing nothing", async () => {
    const run = await runAction({
      source_path: "locales/en",
      target_languages: "French",
      api_key: "nativ_wrong",
    })
    expect(run.code).toBe(1)
    expect(run.stdout).toMatch(/::error::.*(key|nativ login)/i)
  })
})
