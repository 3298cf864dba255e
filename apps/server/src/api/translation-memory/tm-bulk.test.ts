import { TM_UPLOAD_MAX_BYTES, TM_UPLOAD_ROWS_MAX } from "@nativ/contracts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { TestApp } from "../../testing/test-app"
import {
  type ApiUser,
  callApi,
  createApiTestApp,
  type ErrorBody,
  expectApiError,
  signedInUser,
} from "../api-test-kit"

type Upload = {
  success: true
  format: "csv" | "tmx"
  total_rows: number
  added: number
  skipped: number
  failed: number
  errors: { row: number; message: string }[]
}
type Entry = {
  id: string
  source_text: string
  target_text: string
  source_language_code: string
  target_language_code: string
  information_source: string
  source_name: string | null
}

async function upload<T = Upload>(
  app: TestApp,
  token: string,
  file: Blob | null,
  name = "memory.csv",
  fields: Record<string, string> = {},
) {
  const form = new FormData()
  if (file) form.set("file", file, name)
  for (const [key, value] of Object.entries(fields)) form.set(key, value)
  const res = await app.fetch("/api/v1/master-tm/bulk-upload", {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  })
  return { status: res.status, body: (await res.json()) as T }
}

const csv = (text: string) => new Blob([text], { type: "text/csv" })

async function entriesOf(app: TestApp, user: ApiUser) {
  const res = await callApi<{ entries: Entry[]; total: number }>(
    app,
    "/master-tm/entries?limit=500",
    { token: user.token },
  )
  return res.body.entries
}

const TMX = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE tmx SYSTEM "tmx14.dtd">
<tmx version="1.4">
  <header creationtool="Test" creationtoolversion="1" segtype="sentence" o-tmf="x"
    adminlang="en-US" srclang="en-US" datatype="plaintext"/>
  <body>
    <tu tuid="1">
      <tuv xml:lang="en-US"><seg>Save <bpt i="1">&lt;b&gt;</bpt>changes<ept i="1">&lt;/b&gt;</ept> &amp; exit</seg></tuv>
      <tuv xml:lang="de-DE"><seg>Änderungen speichern &amp; beenden</seg></tuv>
      <tuv xml:lang="fr-FR"><seg>Enregistrer et quitter</seg></tuv>
    </tu>
    <tu srclang="ja">
      <tuv xml:lang="ja"><seg>ようこそ</seg></tuv>
      <tuv xml:lang="en-US"><seg>Welcome</seg></tuv>
    </tu>
    <tu>
      <tuv xml:lang="en-US"><seg>Alone</seg></tuv>
    </tu>
  </body>
</tmx>`

describe("translation memory: bulk upload, bulk delete, languages and sources", () => {
  let app: TestApp
  let user: ApiUser

  beforeAll(async () => {
    app = await createApiTestApp()
    user = await signedInUser(app)
  })
  afterAll(() => app.close())

  it("adds a CSV's entries once: uploading the same file again adds nothing", async () => {
    const owner = await signedInUser(app)
    const file =
      "source_text,target_text,source_language_code,target_language_code,source_name\n" +
      'Add to cart,In den Warenkorb,en,de,Checkout\n"Hello, world",Hallo Welt,en,DE,\n' +
      "Add to cart,In den Warenkorb,en,de,Again\n\nAdd to cart,Zum Warenkorb,en,de,\n"
    const first = await upload(app, owner.token, csv(file))
    expect(first.status).toBe(200)
    expect(first.body).toEqual({
      success: true,
      format: "csv",
      total_rows: 4,
      added: 3,
      updated: 0,
      skipped: 1,
      failed: 0,
      errors: [],
    })
    const again = await upload(app, owner.token, csv(file))
    expect(again.body).toMatchObject({ added: 0, updated: 0, skipped: 4, failed: 0 })

    const entries = await entriesOf(app, owner)
    expect(entries).toHaveLength(3)
    const hello = entries.find((e) => e.source_text === "Hello, world")!
    expect(hello).toMatchObject({
      target_language_code: "de",
      information_source: "import",
      source_name: null,
    })
    expect(entries.find((e) => e.target_text === "In den Warenkorb")!.source_name).toBe("Checkout")
  })

  it("updates an entry it already holds when the file names another source, and says so", async () => {
    const owner = await signedInUser(app)
    const header = "source_text,target_text,source_language_code,target_language_code,source_name\n"
    await upload(
      app,
      owner.token,
      csv(`${header}Checkout,Kasse,en,de,Web\nCart,Warenkorb,en,de,Web\n`),
    )
    const renamed = await upload(
      app,
      owner.token,
      csv(`${header}Checkout,Kasse,en,de,App\nCart,Warenkorb,en,de,Web\nPay,Bezahlen,en,de,App\n`),
    )
    expect(renamed.body).toMatchObject({ added: 1, updated: 1, skipped: 1, failed: 0 })
    const entries = await entriesOf(app, owner)
    expect(entries).toHaveLength(3)
    expect(entries.find((e) => e.source_text === "Checkout")!.source_name).toBe("App")
  })

  it("fills languages and labels from the form, reads the dashboard's own export columns, and lists bad rows", async () => {
    const owner = await signedInUser(app)
    const file = "\uFEFFsource;target;name\nThank you;Merci;\nBye;;\n;Rien;\nYes;Oui;Footer;extra\n"
    const res = await upload(app, owner.token, csv(file), "export.csv", {
      target_language_code: "fr-FR",
      information_source: "approved",
      source_name: "Website 2025",
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ total_rows: 4, added: 1, skipped: 0, failed: 3 })
    expect(res.body.errors).toEqual([
      { row: 3, message: "target_text cannot be empty" },
      { row: 4, message: "source_text cannot be empty" },
      { row: 5, message: expect.stringContaining("more cells than the header") },
    ])
    expect(await entriesOf(app, owner)).toMatchObject([
      {
        source_text: "Thank you",
        target_text: "Merci",
        source_language_code: "en",
        target_language_code: "fr-fr",
        information_source: "approved",
        source_name: "Website 2025",
      },
    ])
    const noLanguage = await upload(app, owner.token, csv("source_text,target_text\nA,B\n"))
    expect(noLanguage.body.errors).toEqual([
      { row: 2, message: "target_language_code is required" },
    ])
  })

  it("reads a TMX 1.4 file: an entry per language besides the source, without inline codes", async () => {
    const owner = await signedInUser(app)
    const res = await upload(
      app,
      owner.token,
      new Blob([TMX], { type: "application/octet-stream" }),
      "memory.tmx",
    )
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      success: true,
      format: "tmx",
      total_rows: 4,
      added: 3,
      updated: 0,
      skipped: 0,
      failed: 1,
      errors: [{ row: 3, message: "no <tuv> besides the source language" }],
    })
    const pairs = (await entriesOf(app, owner))
      .map((e) => [e.source_language_code, e.target_language_code, e.source_text, e.target_text])
      .sort()
    expect(pairs).toEqual([
      ["en-us", "de-de", "Save changes & exit", "Änderungen speichern & beenden"],
      ["en-us", "fr-fr", "Save changes & exit", "Enregistrer et quitter"],
      ["ja", "en-us", "ようこそ", "Welcome"],
    ])
    expect((await upload(app, owner.token, new Blob([TMX]), "memory.tmx")).body).toMatchObject({
      added: 0,
      skipped: 3,
    })
    // An upload's entries are found by a region-less search, as the SDK's README does.
    const found = await callApi<{ matches: { target_text: string }[] }>(
      app,
      "/master-tm/fuzzy-search?query=Save%20changes%20%26%20exit&target_lang=fr",
      { token: owner.token },
    )
    expect(found.body.matches.map((m) => m.target_text)).toEqual(["Enregistrer et quitter"])
  })

  it("reads a UTF-16 TMX whose srclang is *all* in the form's source language, and a CSV by its content", async () => {
    const owner = await signedInUser(app)
    const tmx = `\uFEFF<?xml version="1.0" encoding="UTF-16"?><tmx version="1.4"><header srclang="*all*"/><body><tu><tuv xml:lang="DE"><seg>Hallo</seg></tuv><tuv xml:lang="EN"><seg>Hello</seg></tuv></tu></body></tmx>`
    const utf16 = new Uint8Array(tmx.length * 2)
    for (let i = 0; i < tmx.length; i++) {
      utf16[i * 2] = tmx.charCodeAt(i) & 0xff
      utf16[i * 2 + 1] = tmx.charCodeAt(i) >> 8
    }
    const res = await upload(app, owner.token, new Blob([utf16]), "memory.tmx", {
      source_language_code: "en",
    })
    expect(res.body).toMatchObject({ format: "tmx", added: 1, failed: 0 })
    const plain = await upload(
      app,
      owner.token,
      new Blob(["source_text,target_text,target_language_code\nGoodbye,Tschüss,de\n"]),
      "memory",
    )
    expect(plain.body).toMatchObject({ format: "csv", added: 1 })
    expect(
      (await entriesOf(app, owner)).map((e) => [
        e.source_language_code,
        e.target_language_code,
        e.source_text,
        e.target_text,
      ]),
    ).toEqual([
      ["en", "de", "Goodbye", "Tschüss"],
      ["en", "de", "Hello", "Hallo"],
    ])
  })

  it("refuses a file it cannot read with 400 naming the row or the problem", async () => {
    const unclosed = await upload(
      app,
      user.token,
      csv('source_text,target_text,target_language_code\nA,a,de\nB,"b,de\nC,c,de\n'),
    )
    expectApiError(unclosed, 400, "invalid_request")
    expect((unclosed.body as unknown as ErrorBody).error.message).toBe(
      'file: Row 3: a quoted cell is not closed (write a quote inside a quoted cell as "").',
    )
    const header = await upload(app, user.token, csv("text,translation\nA,B\n"))
    expectApiError(header, 400, "invalid_request")
    expect((header.body as unknown as ErrorBody).error.message).toContain(
      "must name the columns source_text and target_text (missing: source_text, target_text)",
    )
    const broken = await upload(
      app,
      user.token,
      new Blob(['<tmx version="1.4"><body><tu><tuv xml:lang="en"><seg>A</seg></tu></body></tmx>']),
      "broken.tmx",
    )
    expectApiError(broken, 400, "invalid_request")
    expect((broken.body as unknown as ErrorBody).error.message).toMatch(
      /^file: The TMX file is not well-formed XML: .*\(line 1\)\.$/,
    )
    const notTmx = await upload(app, user.token, new Blob(["<html></html>"]), "page.xml")
    expect((notTmx.body as unknown as ErrorBody).error.message).toBe(
      "file: The file is not TMX: its root element must be <tmx>.",
    )
    const empty = await upload(app, user.token, csv("source_text,target_text\n\n"))
    expect((empty.body as unknown as ErrorBody).error.message).toBe(
      "file: the file holds no entries.",
    )
    const missing = await upload(app, user.token, null, "x", { target_language_code: "de" })
    expectApiError(missing, 400, "invalid_request")
    expect((missing.body as unknown as ErrorBody).error.message).toContain("file")
    const badField = await upload(app, user.token, csv("source_text,target_text\nA,B\n"), "a.csv", {
      information_source: "rumour",
    })
    expectApiError(badField, 400, "invalid_request")
    expect((badField.body as unknown as ErrorBody).error.message).toContain("information_source")
  })

  it("answers 415 for a file that is not CSV or TMX, or a body that is not multipart", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00])
    const image = await upload(app, user.token, new Blob([png], { type: "image/png" }), "logo.png")
    expectApiError(image, 415, "unsupported_media_type")
    expect((image.body as unknown as ErrorBody).error.message).toBe(
      "file: upload a CSV file (.csv) or a TMX 1.4 file (.tmx).",
    )
    const binary = await upload(app, user.token, new Blob([png]), "memory.csv")
    expectApiError(binary, 415, "unsupported_media_type")
    const json = await callApi(app, "/master-tm/bulk-upload", {
      token: user.token,
      body: { file: "source_text,target_text" },
    })
    expectApiError(json, 415, "unsupported_media_type")
  })

  it("answers 413 for a file over the size limit or with too many entries", async () => {
    const big = "source_text,target_text,target_language_code\n" + "x".repeat(TM_UPLOAD_MAX_BYTES)
    const large = await upload(app, user.token, csv(big))
    expectApiError(large, 413, "invalid_request")
    expect((large.body as unknown as ErrorBody).error.message).toBe(
      "file: the upload is larger than 10 MB.",
    )
    const rows = Array.from({ length: TM_UPLOAD_ROWS_MAX + 1 }, (_, i) => `t${i},u${i},de`)
    const many = await upload(
      app,
      user.token,
      csv(`source_text,target_text,target_language_code\n${rows.join("\n")}\n`),
    )
    expectApiError(many, 413, "invalid_request")
    expect((many.body as unknown as ErrorBody).error.message).toBe(
      "file: the file holds 50,001 entries; upload at most 50,000 at a time.",
    )
  })

  it("asks for credentials", async () => {
    const res = await app.fetch("/api/v1/master-tm/bulk-upload", {
      method: "POST",
      body: new FormData(),
    })
    expect(res.status).toBe(401)
    for (const path of ["/master-tm/languages", "/master-tm/sources"])
      expect((await callApi(app, path)).status).toBe(401)
    expect((await callApi(app, "/master-tm/bulk-delete", { body: { entry_ids: [] } })).status).toBe(
      401,
    )
  })

  it("bulk-deletes the caller's entries only; other accounts' ids are not found", async () => {
    const owner = await signedInUser(app)
    const other = await signedInUser(app)
    await upload(
      app,
      owner.token,
      csv("source_text,target_text,target_language_code\nA,a,de\nB,b,de\nC,c,de\n"),
    )
    await upload(app, other.token, csv("source_text,target_text,target_language_code\nZ,z,de\n"))
    const mine = await entriesOf(app, owner)
    const theirs = await entriesOf(app, other)
    const a = mine.find((e) => e.source_text === "A")!.id
    const b = mine.find((e) => e.source_text === "B")!.id
    const foreign = theirs[0]!.id
    const unknown = "00000000-0000-4000-8000-000000000000"
    const res = await callApi<{ success: boolean; deleted: number; not_found: string[] }>(
      app,
      "/master-tm/bulk-delete",
      { token: owner.token, body: { entry_ids: [a, b.toUpperCase(), foreign, unknown, a] } },
    )
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, deleted: 2, not_found: [foreign, unknown] })
    expect((await entriesOf(app, owner)).map((e) => e.source_text)).toEqual(["C"])
    expect(await entriesOf(app, other)).toHaveLength(1)

    const bad = await callApi(app, "/master-tm/bulk-delete", {
      token: owner.token,
      body: { entry_ids: [a, "id-2"] },
    })
    expectApiError(bad, 400, "invalid_request")
    expect((bad.body as ErrorBody).error.message).toBe("entry_ids.1: must be an entry id (a UUID)")
    for (const body of [{}, { entry_ids: [] }, { entry_ids: "x" }]) {
      const refused = await callApi(app, "/master-tm/bulk-delete", { token: owner.token, body })
      expectApiError(refused, 400, "invalid_request")
      expect((refused.body as ErrorBody).error.message).toContain("entry_ids")
    }
  })

  it("lists the memory's languages and pairs, and its sources, with counts", async () => {
    const owner = await signedInUser(app)
    await upload(
      app,
      owner.token,
      csv(
        "source_text,target_text,source_language_code,target_language_code,source_name\n" +
          "A,a,en,de,Site\nB,b,en,de,Site\nC,c,en,fr-FR,App\nD,d,es,de,\n",
      ),
    )
    await callApi(app, "/master-tm/entries", {
      token: owner.token,
      body: {
        source_text: "E",
        target_text: "e",
        source_language_code: "en",
        target_language_code: "de",
      },
    })
    const entries = await entriesOf(app, owner)
    await callApi(app, `/master-tm/entries/${entries.find((e) => e.source_text === "B")!.id}`, {
      method: "PATCH",
      token: owner.token,
      body: { enabled: false },
    })

    const languages = await callApi(app, "/master-tm/languages", { token: owner.token })
    expect(languages.status).toBe(200)
    expect(languages.body).toEqual({
      source_languages: [
        { code: "en", total: 4, enabled: 3 },
        { code: "es", total: 1, enabled: 1 },
      ],
      target_languages: [
        { code: "de", total: 4, enabled: 3 },
        { code: "fr-fr", total: 1, enabled: 1 },
      ],
      pairs: [
        { source_language_code: "en", target_language_code: "de", total: 3, enabled: 2 },
        { source_language_code: "en", target_language_code: "fr-fr", total: 1, enabled: 1 },
        { source_language_code: "es", target_language_code: "de", total: 1, enabled: 1 },
      ],
    })
    const sources = await callApi(app, "/master-tm/sources", { token: owner.token })
    expect(sources.status).toBe(200)
    expect(sources.body).toEqual({
      sources: [
        {
          information_source: "import",
          total: 4,
          enabled: 3,
          names: [
            { source_name: "Site", total: 2 },
            { source_name: "App", total: 1 },
            { source_name: null, total: 1 },
          ],
        },
        {
          information_source: "manual",
          total: 1,
          enabled: 1,
          names: [{ source_name: null, total: 1 }],
        },
      ],
    })
    const fresh = await signedInUser(app)
    expect((await callApi(app, "/master-tm/languages", { token: fresh.token })).body).toEqual({
      source_languages: [],
      target_languages: [],
      pairs: [],
    })
    expect((await callApi(app, "/master-tm/sources", { token: fresh.token })).body).toEqual({
      sources: [],
    })
  })
})
