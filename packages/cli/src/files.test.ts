import { mkdir, readFile, writeFile } from "node:fs/promises"
import { dirname, join } from "node:path"

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"

import type { CheckFilesResult } from "./files/check-files"
import type { TranslateFilesResult } from "./files/translate-files"
import {
  apiKeyOf,
  callApi,
  nativ,
  scratchDir,
  signedInUser,
  startServer,
  type TestApp,
} from "./testing/cli-test-kit"

const PO_SOURCE = `msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: en\\n"

#: src/cart.py:10
msgid "Hello, %(name)s! Your order ships in 5 miles."
msgstr ""

msgid "Click \\"Save\\" to keep it"
msgstr ""

msgid "%(count)d item"
msgid_plural "%(count)d items"
msgstr[0] ""
msgstr[1] ""
`

let app: TestApp
let token: string
let env: Record<string, string>
let project: string
let cleanup: () => Promise<void>
beforeAll(async () => {
  app = await startServer()
  const owner = await signedInUser(app, 1000)
  token = owner.token
  env = { NATIV_API_URL: app.url, NATIV_API_KEY: await apiKeyOf(app, owner) }
  ;[project, cleanup] = await scratchDir("project")
})
afterAll(async () => {
  await app.close()
  await cleanup()
})

const write = async (path: string, content: string) => {
  await mkdir(dirname(join(project, path)), { recursive: true })
  await writeFile(join(project, path), content)
}
const read = (path: string) => readFile(join(project, path), "utf8")
const balance = async () =>
  (await callApi<{ credits: number }>(app, "/usage/balance", { token })).body.credits
const files = (args: string[]) => nativ(["files", ...args], { env, cwd: project })

describe("nativ files translate", () => {
  beforeEach(() => write("locale/en/messages.po", PO_SOURCE))

  it("writes each language's file, then a second run sends nothing and costs 0", async () => {
    const first = await files([
      "translate",
      "locale/en/*.po",
      "--to",
      "French,ru",
      "--out",
      "locale/{lang}/{name}",
      "--json",
    ])
    expect(first.code, first.stderr).toBe(0)
    const result = first.json<TranslateFilesResult>()
    expect(result.files.map((f) => [f.output, f.language_code, f.written])).toEqual([
      ["locale/fr/messages.po", "fr", true],
      ["locale/ru/messages.po", "ru", true],
    ])
    expect(result.cost).toBeGreaterThan(0)
    const french = await read("locale/fr/messages.po")
    expect(french).toContain("Language: fr")
    expect(french).toMatch(/msgstr "Hello, %\(name\)s\u202F! Your order ships in 8\u202Fkm\."/)
    // The quotes inside the text become French ones; the file's own escaping stays valid.
    expect(french).toContain('msgstr "Click «\u00A0Save\u00A0» to keep it"')
    // Russian gets gettext's three plural forms.
    expect(await read("locale/ru/messages.po")).toMatch(/msgstr\[2\] "%\(count\)d items"/)

    const spent = await balance()
    const again = await files([
      "translate",
      "locale/en/messages.po",
      "--to",
      "fr,ru",
      "--out",
      "locale/{lang}/{name}",
      "--json",
    ])
    expect(again.code, again.stderr).toBe(0)
    const second = again.json<TranslateFilesResult>()
    expect(second.cost).toBe(0)
    expect(second.strings_translated).toBe(0)
    expect(second.files.every((f) => !f.written)).toBe(true)
    expect(await balance()).toBe(spent)
  })

  it("--dry-run shows what a new string would cost, charges nothing and writes nothing", async () => {
    await files([
      "translate",
      "locale/en/messages.po",
      "--to",
      "de",
      "--out",
      "locale/{lang}/{name}",
    ])
    const before = await read("locale/de/messages.po")
    await write("locale/en/messages.po", `${PO_SOURCE}\nmsgid "A new line of 3 miles"\nmsgstr ""\n`)
    const spent = await balance()
    const dry = await files([
      "translate",
      "locale/en/messages.po",
      "--to",
      "de",
      "--out",
      "locale/{lang}/{name}",
      "--dry-run",
      "--json",
    ])
    expect(dry.code, dry.stderr).toBe(0)
    const estimate = dry.json<TranslateFilesResult>()
    expect(estimate).toMatchObject({ dry_run: true, strings_translated: 1 })
    expect(estimate.cost).toBeGreaterThan(0)
    expect(await balance()).toBe(spent)
    expect(await read("locale/de/messages.po")).toBe(before)
  })

  it("repeats a request whose answer was lost with its Idempotency-Key: charged once", async () => {
    await write("dropped/en/messages.po", PO_SOURCE.replace("5 miles", "7 miles"))
    let dropped = 0
    // The server does the work and answers; the connection drops before the CLI reads it.
    const dropFirstAnswer: typeof fetch = async (input, init) => {
      const url = typeof input === "object" && "url" in input ? input.url : String(input)
      const answer = await fetch(input, init)
      if (url.endsWith("/files/culturalize") && dropped++ === 0) {
        await answer.body?.cancel()
        throw new TypeError("fetch failed", { cause: { code: "ECONNRESET" } })
      }
      return answer
    }
    const spent = await balance()
    const out = await nativ(
      [
        "files",
        "translate",
        "dropped/en/messages.po",
        "--to",
        "de",
        "--out",
        "dropped/{lang}/{name}",
        "--json",
      ],
      { env, cwd: project, fetch: dropFirstAnswer },
    )
    expect(out.code, out.stderr).toBe(0)
    expect(dropped).toBe(2)
    const { cost } = out.json<TranslateFilesResult>()
    expect(cost).toBeGreaterThan(0)
    expect(spent - (await balance())).toBe(cost)
    expect(await read("dropped/de/messages.po")).toMatch(/ships in 11(,\d+)? km/)
  })

  it("reports a file the server cannot read with exit 1 and goes on with the others", async () => {
    await write("broken/en/bad.po", 'msgid "unterminated\nmsgstr ""\n')
    await write("broken/en/good.po", PO_SOURCE)
    const out = await files([
      "translate",
      "broken/en",
      "--to",
      "fr",
      "--out",
      "broken/{lang}/{name}",
    ])
    expect(out.code).toBe(1)
    expect(out.stderr).toMatch(/bad\.po: .*line \d+/)
    expect(await read("broken/fr/good.po")).toContain("msgid")
  })
})

describe("nativ files check", () => {
  it("passes translations that keep placeholders and plural forms, exit 0", async () => {
    await write("check/en/app.po", PO_SOURCE)
    const translated = await files([
      "translate",
      "check/en/app.po",
      "--to",
      "fr",
      "--out",
      "check/{lang}/{name}",
    ])
    expect(translated.code, translated.stderr).toBe(0)
    const out = await files(["check", "check/en/app.po", "--out", "check/{lang}/{name}", "--json"])
    expect(out.code, out.stdout).toBe(0)
    expect(out.json<CheckFilesResult>()).toMatchObject({ files_checked: 1, problems: [] })
  })

  it("fails with exit 1 naming each string whose placeholders were lost, offline", async () => {
    const good = await read("check/fr/app.po")
    await write(
      "check/fr/app.po",
      good
        .replace(/msgstr "Hello, %\(name\)s/, 'msgstr "Bonjour')
        .replace(/msgstr\[1\] .*/, 'msgstr[1] "articles"'),
    )
    const out = await nativ(
      ["files", "check", "check/en/app.po", "--out", "check/{lang}/{name}", "--json"],
      // No server and no key: the check is offline.
      { cwd: project, env: { NATIV_API_URL: "http://127.0.0.1:9" } },
    )
    expect(out.code).toBe(1)
    expect(out.json<CheckFilesResult>().problems).toEqual([
      expect.objectContaining({
        file: "check/fr/app.po",
        key: "Hello, %(name)s! Your order ships in 5 miles.",
        kind: "placeholder",
        message: expect.stringContaining("%(name)s"),
      }),
      expect.objectContaining({
        file: "check/fr/app.po",
        key: "%(count)d item",
        kind: "placeholder",
        message: expect.stringMatching(/^other: .*%\(count\)d/),
      }),
    ])
    const plain = await files(["check", "check/en/app.po", "--out", "check/{lang}/{name}"])
    expect(plain.code).toBe(1)
    expect(plain.stdout).toContain("2 problems in 3 strings of 1 files.")
  })
})
