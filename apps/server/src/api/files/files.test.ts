import type { FileResult } from "@nativ/contracts"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { connectApp, registerClient } from "../../oauth/oauth-test-kit"
import type { TestApp } from "../../testing/test-app"
import { callApi, createApiTestApp, expectApiError, signedInUser } from "../api-test-kit"
import { forgetOldStrings } from "./files.repo"
import { books, culturalizeFile, modelLikeEngine } from "./files-test-kit"

const source = {
  home: { title: "Welcome back, {name}!", subtitle: "Your dashboard" },
  cart: { items: "You have {{count}} items", empty: "Nothing here yet" },
  meta: { version: 3, beta: true, tags: ["a", "b"] },
}
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`
const byCode = (files: FileResult[]) => Object.fromEntries(files.map((f) => [f.language_code, f]))

describe("POST /api/v1/files/culturalize", () => {
  let app: TestApp
  const engine = modelLikeEngine()
  beforeAll(async () => {
    app = await createApiTestApp({}, { engine })
  })
  afterAll(() => app.close())

  it("translates a nested JSON file into languages named in words; the same file again is free and identical", async () => {
    const user = await signedInUser(app, 100)
    const body = {
      filename: "locales/en.json",
      content: json(source),
      target_languages: "French,German,Japanese",
      tool: "cli",
    }
    const first = await culturalizeFile(app, user, body)
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    const files = byCode(first.body.files)
    expect(Object.keys(files)).toEqual(["fr", "de", "ja"])
    expect(files.fr).toMatchObject({
      language: "French",
      filename: "locales/fr.json",
      format: "json",
      strings_total: 4,
      strings_translated: 4,
      strings_from_memory: 0,
      cost: 4,
      warnings: [],
    })
    expect(JSON.parse(files.ja!.content)).toEqual({
      home: { title: "[ja] Welcome back, {name}!", subtitle: "[ja] Your dashboard" },
      cart: { items: "[ja] You have {{count}} items", empty: "[ja] Nothing here yet" },
      meta: { version: 3, beta: true, tags: ["a", "b"] },
    })
    expect(first.body.cost).toBe(12)
    expect(await books(app, user.id)).toMatchObject({
      credits: 88,
      operations: [
        "translate_file:French:4:cli:locales/en.json",
        "translate_file:German:4:cli:locales/en.json",
        "translate_file:Japanese:4:cli:locales/en.json",
      ],
    })

    const calls = engine.calls.length
    const again = await culturalizeFile(app, user, body)
    expect(again.status).toBe(200)
    expect(again.body.cost).toBe(0)
    expect(again.body.files.map((f) => f.content)).toEqual(first.body.files.map((f) => f.content))
    expect(again.body.files.every((f) => f.strings_from_memory === 4)).toBe(true)
    expect(engine.calls.length).toBe(calls)
    expect((await books(app, user.id)).credits).toBe(88)

    // One key more: only it is sent (the other strings are remembered), in each language.
    const grown = await culturalizeFile(app, user, {
      ...body,
      content: json({ ...source, footer: "Contact us" }),
    })
    expect(grown.status).toBe(200)
    expect(grown.body.cost).toBe(3)
    expect(byCode(grown.body.files).de).toMatchObject({
      strings_translated: 1,
      strings_from_memory: 4,
    })
    expect(JSON.parse(byCode(grown.body.files).de!.content).footer).toBe("[de] Contact us")
    expect((await books(app, user.id)).operations).toHaveLength(9)
  })

  it("with the previous output, keeps a person's edit, translates changed and new keys and drops removed ones", async () => {
    const user = await signedInUser(app, 100)
    const filename = "app/en.json"
    const first = await culturalizeFile(app, user, {
      filename,
      content: json({ a: "Save", b: "Cancel", c: "Delete" }),
      target_languages: ["fr"],
    })
    expect(first.status).toBe(200)
    const previous = JSON.parse(first.body.files[0]!.content) as Record<string, string>
    previous.a = "Enregistrer" // a person's better translation

    const next = await culturalizeFile(app, user, {
      filename,
      content: json({ a: "Save", b: "Cancel now", d: "Share" }),
      target_languages: ["fr"],
      existing: { fr: json(previous) },
    })
    expect(next.status, JSON.stringify(next.body)).toBe(200)
    expect(JSON.parse(next.body.files[0]!.content)).toEqual({
      a: "Enregistrer",
      b: "[fr] Cancel now",
      d: "[fr] Share",
    })
    expect(next.body.files[0]).toMatchObject({ strings_translated: 2, strings_from_memory: 1 })
    expect(next.body.cost).toBe(2)
  })

  it("asks a broken string once more, then leaves it in the source language with a warning naming its key", async () => {
    const user = await signedInUser(app, 100)
    const res = await culturalizeFile(app, user, {
      filename: "en.json",
      content: json({
        ok: "Hello {name}",
        flaky: "FLAKY {count} files",
        broken: "BROKEN {count} files",
      }),
      target_languages: "de",
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const [file] = res.body.files
    expect(JSON.parse(file!.content)).toEqual({
      ok: "[de] Hello {name}",
      flaky: "[de] FLAKY {count} files",
      broken: "BROKEN {count} files",
    })
    expect(file!.warnings).toEqual([
      expect.objectContaining({ key: "broken", code: "kept_source" }),
    ])
    // The string left in English is not charged.
    expect(file!.cost).toBe(2)
  })

  it("writes a Rails YAML file under the target's root key and a PO file with the target's plural forms", async () => {
    const user = await signedInUser(app, 100)
    const yaml = await culturalizeFile(app, user, {
      filename: "config/locales/en.yml",
      content: 'en:\n  greeting: "Hello, %{name}!"\n  count: 3\n',
      target_languages: "German",
    })
    expect(yaml.status, JSON.stringify(yaml.body)).toBe(200)
    expect(yaml.body.files[0]).toMatchObject({
      filename: "config/locales/de.yml",
      format: "yaml",
      content: expect.stringMatching(
        /^de:\n {2}greeting: "?\[de\] Hello, %\{name\}!"?\n {2}count: 3\n$/,
      ),
    })

    const po = await culturalizeFile(app, user, {
      filename: "messages.pot",
      content: [
        'msgid ""',
        'msgstr ""',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        "",
        "#: src/cart.c:12",
        'msgid "One file"',
        'msgid_plural "%d files"',
        'msgstr[0] ""',
        'msgstr[1] ""',
        "",
      ].join("\n"),
      target_languages: "Russian",
    })
    expect(po.status, JSON.stringify(po.body)).toBe(200)
    const ru = po.body.files[0]!.content
    expect(ru).toContain("Plural-Forms: nplurals=3;")
    expect(ru).toContain('msgstr[0] "[ru] One file"')
    // few and many are asked apart, each told which form it is
    expect(ru).toContain('msgstr[1] "[ru:few] %d files"')
    expect(ru).toContain('msgstr[2] "[ru:many] %d files"')
    expect(ru).toContain("#: src/cart.c:12")
  })

  it("keeps a French PO's two plural forms from the previous output without a warning (gettext folds CLDR's many into other)", async () => {
    const user = await signedInUser(app, 100)
    const pot = [
      'msgid ""',
      'msgstr ""',
      '"Content-Type: text/plain; charset=UTF-8\\n"',
      "",
      'msgid "%d file"',
      'msgid_plural "%d files"',
      'msgstr[0] ""',
      'msgstr[1] ""',
      "",
    ].join("\n")
    const first = await culturalizeFile(app, user, {
      filename: "app.pot",
      content: pot,
      target_languages: "fr",
    })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    const french = first.body.files[0]!.content
    expect(french).toContain("Plural-Forms: nplurals=2; plural=(n > 1);")
    // A person edits the catch-all form; the next run keeps both forms and warns about nothing.
    const edited = french.replace('msgstr[1] "[fr:other] %d files"', 'msgstr[1] "%d fichiers"')
    expect(edited).not.toBe(french)
    const again = await culturalizeFile(app, user, {
      filename: "app.pot",
      content: pot,
      target_languages: "fr",
      existing: { fr: edited },
    })
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect(again.body.files[0]).toMatchObject({ cost: 0, strings_translated: 0, warnings: [] })
    expect(again.body.files[0]!.content).toContain('msgstr[1] "%d fichiers"')
    expect(again.body.files[0]!.content).toContain('msgstr[0] "[fr] %d file"')
  })

  it("forgets strings and answers not used for 90 days: the file is paid for again", async () => {
    const user = await signedInUser(app, 100)
    const body = {
      filename: "old/en.json",
      content: json({ a: "Old news" }),
      target_languages: "fr",
    }
    expect((await culturalizeFile(app, user, body)).body.cost).toBe(1)
    const { db } = app.deps.database
    await sql`update nativ.file_memory set updated_at = now() - interval '91 days'
      where company_id = ${user.id}`.execute(db)
    await sql`update nativ.file_results set created_at = now() - interval '91 days'
      where company_id = ${user.id}`.execute(db)
    await forgetOldStrings(db)
    const { rows } = await sql<{ n: number }>`select
      (select count(*) from nativ.file_memory where company_id = ${user.id})
      + (select count(*) from nativ.file_results where company_id = ${user.id}) as n`.execute(db)
    expect(Number(rows[0]!.n)).toBe(0)
    expect((await culturalizeFile(app, user, body)).body.cost).toBe(1)
  })

  it("refuses a file the balance cannot cover with 402, charging and translating nothing", async () => {
    const user = await signedInUser(app, 2)
    const calls = engine.calls.length
    const res = await culturalizeFile(app, user, {
      filename: "en.json",
      content: json({ a: "One", b: "Two" }),
      target_languages: "fr,de",
    })
    expectApiError(res, 402, "insufficient_credits")
    expect(engine.calls.length).toBe(calls)
    expect(await books(app, user.id)).toMatchObject({ credits: 2, charges: 0, operations: [] })
  })

  it("refuses bad input with a clear 4xx that costs nothing", async () => {
    const user = await signedInUser(app, 100)
    const malformed = await culturalizeFile(app, user, {
      filename: "en.json",
      content: '{\n  "a": "One",\n  "b": \n}',
      target_languages: "fr",
    })
    expectApiError(malformed, 400, "malformed_file")
    expect((malformed.body as unknown as { detail: string }).detail).toMatch(/line 4, column \d+/)

    const many = await culturalizeFile(app, user, {
      filename: "en.json",
      content: json({ a: "One" }),
      target_languages: "fr,de,es,it,pt,nl,sv,da,fi,nb,pl,cs,sk,hu,ro,bg,el,tr,ru,uk,ja",
    })
    expectApiError(many, 400, "invalid_request")
    expect((many.body as unknown as { detail: string }).detail).toMatch(/at most 20/)

    const unknown = await culturalizeFile(app, user, {
      filename: "en.json",
      content: json({ a: "One" }),
      target_languages: "French,Klingonese",
    })
    expectApiError(unknown, 400, "invalid_request")
    expect((unknown.body as unknown as { detail: string }).detail).toContain("Klingonese")

    const format = await culturalizeFile(app, user, {
      filename: "notes.txt",
      content: "just words",
      target_languages: "fr",
    })
    expectApiError(format, 400, "unknown_format")

    const huge = await app.fetch("/api/v1/files/culturalize", {
      method: "POST",
      headers: { Authorization: `Bearer ${user.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        filename: "en.json",
        content: `{"a":"${"x".repeat(20 * 1024 * 1024)}"}`,
        target_languages: "fr",
      }),
    })
    expect(huge.status).toBe(413)

    const form = new FormData()
    form.set("file", new File([new Uint8Array([0xff, 0xfe, 0x00, 0xd8, 0x41])], "en.json"))
    form.set("target_languages", "fr")
    const encoding = await app.fetch("/api/v1/files/culturalize", {
      method: "POST",
      headers: { Authorization: `Bearer ${user.token}` },
      body: form,
    })
    expect(encoding.status).toBeGreaterThanOrEqual(400)
    expect(encoding.status).toBeLessThan(500)
    expect(await books(app, user.id)).toMatchObject({ credits: 100, charges: 0, operations: [] })
  })

  it("takes the file as a multipart upload", async () => {
    const user = await signedInUser(app, 100)
    const form = new FormData()
    form.set("file", new File([json({ hello: "Hello" })], "en.json"))
    form.set("target_languages", "German")
    form.set("tool", "github-action")
    const res = await app.fetch("/api/v1/files/culturalize", {
      method: "POST",
      headers: { Authorization: `Bearer ${user.token}` },
      body: form,
    })
    const body = (await res.json()) as { files: FileResult[] }
    expect(res.status, JSON.stringify(body)).toBe(200)
    expect(body.files[0]).toMatchObject({
      filename: "de.json",
      content: json({ hello: "[de] Hello" }),
    })
    expect((await books(app, user.id)).operations).toEqual([
      "translate_file:German:1:github-action:en.json",
    ])
  })

  it("lets a connected app send files with the translate scope only, and records it as the app's", async () => {
    const user = await signedInUser(app, 100)
    const client = await registerClient(app)
    const reader = await connectApp(app, client, user, ["read"], { scope: "read" })
    const body = { filename: "app/en.json", content: json({ a: "Hi" }), target_languages: "fr" }
    const refused = await callApi(app, "/files/culturalize", { token: reader.access_token, body })
    expectApiError(refused, 403, "insufficient_scope")
    const translator = await connectApp(app, client, user, ["translate"], { scope: "translate" })
    const sent = await callApi(app, "/files/culturalize", { token: translator.access_token, body })
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    expect((await books(app, user.id)).operations).toEqual([
      "translate_file:French:1:api:app/en.json",
    ])
    const { rows } = await sql<{ app_name: string }>`
      select app_name from public.operations where user_id = ${user.id}`.execute(
      app.deps.database.db,
    )
    expect(rows).toEqual([{ app_name: client.client_name }])
  })

  it("answers a dry run with what would be sent and cost, charging nothing", async () => {
    const user = await signedInUser(app, 100)
    const res = await callApi<{ dry_run: boolean; cost: number; files: FileResult[] }>(
      app,
      "/files/culturalize",
      {
        token: user.token,
        body: {
          filename: "dry/en.json",
          content: json({ a: "One", b: "Two" }),
          target_languages: "fr",
          dry_run: true,
        },
      },
    )
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ dry_run: true, cost: 2 })
    expect(res.body.files[0]).toMatchObject({ strings_translated: 2, content: "" })
    expect(await books(app, user.id)).toMatchObject({ credits: 100, operations: [] })
  })
})

describe("POST /api/v1/files/culturalize under rate limits", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createApiTestApp(
      { RATE_LIMIT_PLAYGROUND_BURST: "3", RATE_LIMIT_PLAYGROUND_PER_MINUTE: "3" },
      { engine: modelLikeEngine() },
    )
  })
  afterAll(() => app.close())

  it("counts the strings sent to the engine, at most a whole budget per file; strings from memory count nothing", async () => {
    const user = await signedInUser(app, 100)
    const file = { filename: "en.json", content: json({ a: "A", b: "B", c: "C", d: "D", e: "E" }) }
    // Five strings against budgets of three: the file takes a whole budget rather than never passing.
    const first = await culturalizeFile(app, user, { ...file, target_languages: "fr" })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    const limited = await culturalizeFile(app, user, {
      filename: "other.json",
      content: json({ x: "X" }),
      target_languages: "fr",
    })
    expectApiError(limited, 429, "rate_limited")
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/)
    // The same file again is answered from memory, so the empty budget does not stop it.
    const again = await culturalizeFile(app, user, { ...file, target_languages: "fr" })
    expect(again.status).toBe(200)
    expect(again.body.cost).toBe(0)
    expect((await books(app, user.id)).credits).toBe(95)
  })
})
