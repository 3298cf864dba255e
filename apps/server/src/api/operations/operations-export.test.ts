import type { CreatedApiKey, OperationList } from "@nativ/contracts"
import v8 from "node:v8"
import vm from "node:vm"

import Papa from "papaparse"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { TestApp } from "../../testing/test-app"
import { type ApiUser, callApi, createApiTestApp, signedInUser } from "../api-test-kit"
import { seedManyOperations, seedOperations } from "./operations-test-kit"

const ROWS = 100_000
const HEADER = "id,created_at,action,language,tool,credits,api_key,member"
const MB = 1024 * 1024

// What counts is memory the export keeps, not garbage V8 has not got round to collecting (on
// PostgreSQL each batch's parsed rows are garbage at once, yet a lazy collector let RSS drift by
// 24–48 MB): collecting as the stream is read makes the figure that of retained memory.
v8.setFlagsFromString("--expose-gc")
const collectGarbage = vm.runInNewContext("gc") as () => void

/** GET /api/v1/operations?format=csv: the whole filtered result, streamed. */
describe("operations CSV export", () => {
  let app: TestApp
  let owner: ApiUser
  let small: ApiUser
  let key: CreatedApiKey

  const exportCsv = (query: string, token = owner.token) =>
    app.fetch(`/api/v1/operations?format=csv${query}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  // Response.text() drops a byte-order mark; the file must start with one, so decode by hand.
  const textOf = async (res: Response) =>
    new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer())
  const parse = (text: string) => {
    expect(text.charCodeAt(0)).toBe(0xfeff)
    return Papa.parse<Record<string, string>>(text.slice(1), {
      header: true,
      skipEmptyLines: true,
    })
  }

  beforeAll(async () => {
    app = await createApiTestApp()
    owner = await signedInUser(app)
    small = await signedInUser(app)
    key = (
      await callApi<CreatedApiKey>(app, "/api-keys", { token: owner.token, body: { name: "CI" } })
    ).body
    await seedManyOperations(app, owner.id, ROWS, "2026-03-31T12:00:00Z", key.id)
    // PGlite seeds on this thread, past the server's keep-alive timeout: let the idle connection
    // close before the next request would try to reuse it.
    await new Promise((resolve) => setTimeout(resolve, 200))
  }, 120_000)
  afterAll(() => app.close())

  it(`streams ${ROWS.toLocaleString("en-US")} rows with flat memory`, async () => {
    const res = await exportCsv("")
    expect(res.status).toBe(200)
    const reader = res.body!.getReader()
    collectGarbage()
    const before = process.memoryUsage().rss
    let peak = before
    let bytes = 0
    let lines = 0
    let chunks = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      bytes += value.byteLength
      for (const byte of value) if (byte === 0x0a) lines++
      if (++chunks % 4 === 0) collectGarbage()
      peak = Math.max(peak, process.memoryUsage().rss)
    }
    expect(lines).toBe(ROWS + 1)
    // The file is several megabytes; the rows as objects would be many times that.
    expect(bytes).toBeGreaterThan(5 * MB)
    expect((peak - before) / MB).toBeLessThan(50)
  }, 120_000)

  it("round-trips through a CSV parser: header, every row, newest first, ISO dates in UTC", async () => {
    const res = await exportCsv("")
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8")
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="nativ-operations-start-today.csv"',
    )
    const text = await textOf(res)
    expect(text.slice(1, HEADER.length + 3)).toBe(`${HEADER}\r\n`)
    const { data, errors, meta } = parse(text)
    expect(errors).toEqual([])
    expect(meta.fields).toEqual(HEADER.split(","))
    expect(data).toHaveLength(ROWS)
    // Row i was made i seconds before the newest; every tenth with the key.
    expect(data[0]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      created_at: "2026-03-31T12:00:00.000Z",
      action: "culturalize",
      language: "German",
      tool: "api",
      credits: "1",
      api_key: "CI",
      member: "owner@example.com",
    })
    expect(data[12_345]).toMatchObject({
      created_at: new Date(Date.parse("2026-03-31T12:00:00Z") - 12_345_000).toISOString(),
      language: "German",
      tool: "figma",
      credits: String(1 + (12_345 % 50)),
      api_key: "",
    })
    expect(data[ROWS - 1]!.created_at).toBe(
      new Date(Date.parse("2026-03-31T12:00:00Z") - (ROWS - 1) * 1000).toISOString(),
    )
    expect(new Set(data.map((row) => row.id)).size).toBe(ROWS)
  }, 120_000)

  it("exports exactly the filtered rows, the same ones the JSON pages count", async () => {
    const query = `&from=2026-03-31&to=2026-03-31&time_zone=Asia/Tokyo&api_key_id=${key.id}&tool=dashboard`
    const json = await callApi<OperationList>(app, `/operations?${query.slice(1)}&per_page=100`, {
      token: owner.token,
    })
    const res = await exportCsv(query)
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="nativ-operations-2026-03-31-2026-03-31.csv"',
    )
    const { data } = parse(await textOf(res))
    expect(json.body.total).toBeGreaterThan(0)
    expect(data).toHaveLength(json.body.total)
    expect(data.slice(0, 100).map((row) => row.id)).toEqual(json.body.operations.map((o) => o.id))
    for (const row of data) expect(row).toMatchObject({ tool: "dashboard", api_key: "CI" })
  })

  it("keeps cells that would run as formulas as text", async () => {
    await seedOperations(app, small.id, [
      { created_at: "2026-01-01T00:00:00Z", action: '=HYPERLINK("http://evil")', tool: "@SUM" },
      { created_at: "2026-01-02T00:00:00Z", action: "+1", language: "-2" },
      { created_at: "2026-01-03T00:00:00Z", action: "=1\n+2", language: "\tTab" },
      { created_at: "2026-01-04T00:00:00Z", action: 'Plain, with "quotes"', language: "Français" },
    ])
    const { data } = parse(await textOf(await exportCsv("", small.token)))
    expect(data.map((row) => [row.action, row.language, row.tool])).toEqual([
      ['Plain, with "quotes"', "Français", "api"],
      ["'=1\n+2", "'\tTab", "api"],
      ["'+1", "'-2", "api"],
      ['\'=HYPERLINK("http://evil")', "German", "'@SUM"],
    ])
  })

  it("sends just the header when nothing matches", async () => {
    const res = await exportCsv("&language=Klingon")
    expect(res.status).toBe(200)
    expect(await textOf(res)).toBe(`\uFEFF${HEADER}\r\n`)
  })

  it("refuses bad filters with 400 before streaming anything", async () => {
    const res = await exportCsv("&from=2026-04-01&to=2026-03-01")
    expect(res.status).toBe(400)
    expect(res.headers.get("content-type")).toContain("application/json")
  })
})
