import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { TestApp } from "../../testing/test-app"
import {
  type ApiUser,
  callApi,
  createApiTestApp,
  expectApiError,
  signedInUser,
} from "../api-test-kit"
import type { SdkError } from "../sdk-client"
import { sdkClient } from "../sdk-client"

type Glossary = { id: string; name: string; language_code: string; entry_count: number }

/** Stored glossaries through /api/v1 with an API key, and culturalize applying one by id. */
describe("stored glossaries", () => {
  let app: TestApp
  let owner: ApiUser
  let api: ReturnType<typeof sdkClient>
  beforeAll(async () => {
    app = await createApiTestApp()
    owner = await signedInUser(app, 100)
    const key = await callApi<{ key: string }>(app, "/api-keys", {
      token: owner.token,
      body: { name: "glossaries" },
    })
    api = sdkClient(app, key.body.key, "python")
  })
  afterAll(() => app.close())

  const refused = (call: Promise<unknown>) =>
    call.then(
      () => {
        throw new Error("expected the call to be refused")
      },
      (error: unknown) => error as SdkError,
    )

  it("stores pairs, CSV and TSV (with a byte-order mark), lists, reads and renames them", async () => {
    const pairs = await api<Glossary>("POST", "/glossaries", {
      json: {
        name: "Checkout",
        language_code: "de",
        entries: [{ source: " Cart ", target: "Warenkorb" }],
      },
    })
    expect(pairs).toMatchObject({ name: "Checkout", language_code: "DE", entry_count: 1 })
    const csv = await api<Glossary>("POST", "/glossaries", {
      json: {
        name: "Buttons",
        language_code: "FR",
        entries: '\uFEFFsource,target\nSign in,Se connecter\n"Buy, now",Acheter',
      },
    })
    expect(csv.entry_count).toBe(2)
    const tsv = await api<Glossary>("POST", "/glossaries", {
      json: { name: "Tabs", language_code: "ES", entries: "source\ttarget\nCart\tCarrito\n" },
    })
    expect(tsv.entry_count).toBe(1)

    const { glossaries } = await api<{ glossaries: Glossary[] }>("GET", "/glossaries")
    expect(glossaries.map((g) => g.name)).toEqual(["Buttons", "Checkout", "Tabs"])
    expect(await api("GET", `/glossaries/${csv.id}`)).toMatchObject({ id: csv.id, entry_count: 2 })
    expect(await api("GET", `/glossaries/${csv.id}/entries`)).toEqual({
      entries: [
        { source: "Sign in", target: "Se connecter" },
        { source: "Buy, now", target: "Acheter" },
      ],
    })
    expect(
      await api("PATCH", `/glossaries/${tsv.id}`, { json: { name: "Spanish" } }),
    ).toMatchObject({
      name: "Spanish",
      entry_count: 1,
    })
  })

  it("exports CSV with a header, a byte-order mark and formula cells kept as text", async () => {
    const glossary = await api<Glossary>("POST", "/glossaries", {
      json: {
        name: "Formulas",
        language_code: "DE",
        entries: [
          { source: "=SUM(A1)", target: "@home" },
          { source: "a,b", target: "c" },
        ],
      },
    })
    const res = await fetch(`${app.url}/api/v1/glossaries/${glossary.id}/entries?format=csv`, {
      headers: { "X-API-Key": await keyFor(owner) },
    })
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8")
    const bytes = Buffer.from(await res.arrayBuffer())
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]) // UTF-8 byte-order mark
    expect(bytes.subarray(3).toString("utf8")).toBe(
      "source,target\r\n'=SUM(A1),'@home\r\n\"a,b\",c\r\n",
    )
  })

  it("replaces the entries at once, and refuses bad ones naming the row or the limit", async () => {
    const glossary = await api<Glossary>("POST", "/glossaries", {
      json: { name: "Replace", language_code: "DE", entries: [] },
    })
    expect(
      await api("PUT", `/glossaries/${glossary.id}/entries`, {
        json: { entries: "source,target\nA,B\nC,D" },
      }),
    ).toMatchObject({ entry_count: 2 })
    const tooMany = Array.from({ length: 5_001 }, (_, i) => ({
      source: `term ${i}`,
      target: `Begriff ${i}`,
    }))
    const limit = await refused(
      api("PUT", `/glossaries/${glossary.id}/entries`, { json: { entries: tooMany } }),
    )
    expect(limit.status).toBe(400)
    expect(limit.message).toContain("A glossary can have at most 5,000 entries; this one has 5,001")
    const long = await refused(
      api("PUT", `/glossaries/${glossary.id}/entries`, {
        json: {
          entries: [
            { source: "ok", target: "ok" },
            { source: "x".repeat(501), target: "y" },
          ],
        },
      }),
    )
    expect(long.message).toContain("Row 2: a term can be at most 500 characters")
    const twice = await refused(
      api("PUT", `/glossaries/${glossary.id}/entries`, {
        json: { entries: "source,target\nCart,Warenkorb\nLogin,Anmelden\ncart,Korb" },
      }),
    )
    expect(twice.message).toContain('Rows 1 and 3 have the same source term "cart"')
    const broken = await refused(
      api("PUT", `/glossaries/${glossary.id}/entries`, {
        json: { entries: 'source,target\n"Cart,Warenkorb' },
      }),
    )
    expect(broken.message).toContain("Glossary CSV line 2: a quoted field is not closed")
    expect(await api("GET", `/glossaries/${glossary.id}/entries`)).toEqual({
      entries: [
        { source: "A", target: "B" },
        { source: "C", target: "D" },
      ],
    })
  })

  it("applies a stored glossary to culturalize, and a changed glossary is not a free repeat", async () => {
    const glossary = await api<Glossary>("POST", "/glossaries", {
      json: {
        name: "Apply",
        language_code: "DE",
        entries: [{ source: "checkout", target: "Kasse" }],
      },
    })
    const body = {
      text: "Go to checkout now",
      language: "German",
      language_code: "DE",
      glossary_id: glossary.id,
    }
    const first = await api<{ translated_text: string; cost: number }>(
      "POST",
      "/text/culturalize",
      { json: body },
    )
    expect(first.translated_text).toBe("Go to Kasse now")
    expect(first.cost).toBe(1)
    expect(await api("POST", "/text/culturalize", { json: body })).toMatchObject({
      cost: 0,
      from_memory: true,
    })
    await api("PUT", `/glossaries/${glossary.id}/entries`, {
      json: { entries: [{ source: "checkout", target: "Zur Kasse" }] },
    })
    expect(await api("POST", "/text/culturalize", { json: body })).toMatchObject({
      translated_text: "Go to Zur Kasse now",
      cost: 1,
      from_memory: false,
    })
  })

  it("answers 404 for another company's glossary, to every call and to culturalize, charging nothing", async () => {
    const glossary = await api<Glossary>("POST", "/glossaries", {
      json: { name: "Private", language_code: "DE", entries: [{ source: "a", target: "b" }] },
    })
    const other = await signedInUser(app, 10)
    const theirs = sdkClient(app, await keyFor(other))
    for (const [method, path, json] of [
      ["GET", `/glossaries/${glossary.id}`, undefined],
      ["GET", `/glossaries/${glossary.id}/entries`, undefined],
      ["PATCH", `/glossaries/${glossary.id}`, { name: "Mine" }],
      ["PUT", `/glossaries/${glossary.id}/entries`, { entries: [] }],
      ["DELETE", `/glossaries/${glossary.id}`, undefined],
      [
        "POST",
        "/text/culturalize",
        { text: "a", language: "German", language_code: "DE", glossary_id: glossary.id },
      ],
      ["GET", "/glossaries/not-a-uuid", undefined],
    ] as const) {
      const error = await refused(theirs(method, path, json === undefined ? {} : { json }))
      expect([method, path, error.status]).toEqual([method, path, 404])
    }
    const { rows } = await sql<{
      credits: number
    }>`select credits from public.users where id = ${other.id}`.execute(app.deps.database.db)
    expect(Number(rows[0]!.credits)).toBe(10)
    expect(
      (await api<{ glossaries: Glossary[] }>("GET", "/glossaries")).glossaries.map((g) => g.id),
    ).toContain(glossary.id)
    expect(await api("DELETE", `/glossaries/${glossary.id}`)).toEqual({ success: true })
    expectApiError(
      await callApi(app, `/glossaries/${glossary.id}`, { token: owner.token }),
      404,
      "not_found",
    )
  })

  const keys = new Map<string, string>()
  async function keyFor(user: ApiUser) {
    const known = keys.get(user.id)
    if (known) return known
    const res = await callApi<{ key: string }>(app, "/api-keys", {
      token: user.token,
      body: { name: "k" },
    })
    keys.set(user.id, res.body.key)
    return res.body.key
  }
})
