import { BATCH_ACTION } from "@nativ/contracts"
import type {
  AuditLog,
  CreatedApiKey,
  CulturalizeResponse,
  ExtractTextResponse,
  OperationDetail,
  RequestTextsSetting,
} from "@nativ/contracts"
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
import { CULTURALIZE_ACTION } from "../culturalize/culturalize.service"
import { banner, imageForm, postForm } from "../images/images-test-kit"
import { accept, invite } from "../members/members-test-kit"
import { connectApp, registerClient } from "../../oauth/oauth-test-kit"

const DAY = 24 * 60 * 60 * 1000
const german = { language: "German", language_code: "DE" }

/** GET /operations/{id} and the company's choice to keep request texts for 30 days. */
describe("operation detail and kept request texts", () => {
  let app: TestApp
  let owner: ApiUser
  let admin: ApiUser
  let stranger: ApiUser
  let key: CreatedApiKey

  const detail = (id: string, token = owner.token) =>
    callApi<OperationDetail>(app, `/operations/${id}`, { token })
  const setKeep = (enabled: unknown, token = owner.token) =>
    callApi<RequestTextsSetting>(app, "/settings/request-texts", {
      method: "PATCH",
      token,
      body: { enabled },
    })
  const run = async (text: string, extra: Record<string, unknown> = {}, token = owner.token) => {
    const res = await callApi<CulturalizeResponse>(app, "/text/culturalize", {
      token,
      body: { text, ...german, tool: "dashboard", ...extra },
    })
    expect(res.status).toBe(200)
    return res.body
  }

  beforeAll(async () => {
    app = await createApiTestApp()
    owner = await signedInUser(app, 1000)
    stranger = await signedInUser(app, 10)
    await invite(app, owner, "ada@example.com", "admin")
    admin = await accept(app, "ada@example.com")
    key = (
      await callApi<CreatedApiKey>(app, "/api-keys", { token: owner.token, body: { name: "CI" } })
    ).body
  })
  afterAll(() => app.close())

  it("records a text request's detail: who, language, characters, cost, engine, duration, file id", async () => {
    const result = await run("Sale ends 12/31 at 5 PM", { file_id: "figma-1" })
    const res = await detail(result.operation_id)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      id: result.operation_id,
      action: CULTURALIZE_ACTION,
      language: "German",
      tool: "dashboard",
      credits: 1,
      member_email: owner.email,
      api_key_id: null,
      file_id: "figma-1",
      characters: 23,
      from_memory: false,
      engine: "offline",
      model: null,
      texts: null,
      texts_expire_at: null,
    })
    expect(res.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(res.body.duration_ms).toBeGreaterThanOrEqual(0)
  })

  it("marks an exact repeat as from memory, free, and names the API key", async () => {
    const first = await run("Free shipping over $50", {}, key.key)
    const again = await run("Free shipping over $50", {}, key.key)
    expect(again.from_memory).toBe(true)
    const res = await detail(again.operation_id)
    expect(res.body).toMatchObject({
      credits: 0,
      from_memory: true,
      api_key_id: key.id,
      api_key_name: "CI",
      characters: 22,
    })
    expect((await detail(first.operation_id)).body.from_memory).toBe(false)
  })

  it("records a batch's characters (all items) and its one file id", async () => {
    const res = await callApi<{ operation_id: string }>(app, "/text/culturalize-batch", {
      token: owner.token,
      body: {
        items: [
          { text: "Add to cart", file_id: "f-9" },
          { text: "Buy", file_id: "f-9" },
        ],
        ...german,
        tool: "figma",
      },
    })
    expect(res.status).toBe(200)
    expect((await detail(res.body.operation_id)).body).toMatchObject({
      action: BATCH_ACTION,
      tool: "figma",
      file_id: "f-9",
      characters: 14,
      from_memory: false,
      engine: "offline",
    })
  })

  it("records an image operation's engine and duration, with no characters and no texts", async () => {
    await setKeep(true)
    const res = await postForm<ExtractTextResponse>(
      app,
      "/text/extract",
      owner.token,
      imageForm(await banner(["Summer Sale"])),
    )
    expect(res.status).toBe(200)
    const body = (await detail(res.body.operation_id)).body
    expect(body).toMatchObject({ characters: null, texts: null, engine: "offline" })
    expect(body.duration_ms).toBeGreaterThanOrEqual(0)
    await setKeep(false)
  })

  it("lets only owners change the setting, in a signed-in session, and logs each change", async () => {
    expectApiError(await setKeep(true, admin.token), 403, "forbidden")
    expectApiError(await setKeep(true, key.key), 403, "session_required")
    expectApiError(await setKeep("yes"), 400, "invalid_request")
    const fresh = await signedInUser(app)
    expect((await setKeep(true, fresh.token)).status).toBe(200)
    expect((await setKeep(true, fresh.token)).status).toBe(200)
    expect((await setKeep(false, fresh.token)).status).toBe(200)
    const log = await callApi<AuditLog>(app, "/audit-log", { token: fresh.token })
    const changes = log.body.events.filter((e) => e.action === "settings.request_texts_changed")
    // The repeat changed nothing and is not logged.
    expect(changes.map((e) => e.details)).toEqual([{ enabled: false }, { enabled: true }])
  })

  it("answers 404 for another company's operation and 400 for an id that is not one", async () => {
    const mine = await run("Mine")
    expectApiError(await detail(mine.operation_id, stranger.token), 404, "not_found")
    expectApiError(await detail("999999999"), 404, "not_found")
    expectApiError(await detail("abc"), 400, "invalid_request")
    expectApiError(await detail("0"), 400, "invalid_request")
  })
  // Last: it moves the server's clock 30 days on, past the sessions' expiry.
  it("keeps texts only while an owner has the setting on, and never returns them after 30 days", async () => {
    expect(
      (await callApi<RequestTextsSetting>(app, "/settings/request-texts", { token: admin.token }))
        .body,
    ).toEqual({ enabled: false, days: 30 })
    const off = await run("Not kept 1")
    expect((await detail(off.operation_id)).body.texts).toBeNull()

    expect((await setKeep(true)).body).toEqual({ enabled: true, days: 30 })
    const kept = await run("Kept on 12/31")
    const shown = (await detail(kept.operation_id)).body
    expect(shown.texts).toEqual([{ request: "Kept on 12/31", result: kept.translated_text }])
    expect(Date.parse(shown.texts_expire_at!) - Date.now()).toBeGreaterThan(29.9 * DAY)
    const batch = await callApi<{ operation_id: string }>(app, "/text/culturalize-batch", {
      token: owner.token,
      body: { items: [{ text: "One" }, { text: "Two" }], ...german, tool: "figma" },
    })
    expect((await detail(batch.body.operation_id)).body.texts).toEqual([
      { request: "One", result: "One" },
      { request: "Two", result: "Two" },
    ])
    // Every member may read the detail, texts included.
    expect((await detail(kept.operation_id, admin.token)).body.texts).toHaveLength(1)

    await setKeep(false)
    const offAgain = await run("Not kept 2")
    expect((await detail(offAgain.operation_id)).body.texts).toBeNull()
    // What was kept stays kept until its 30 days end, then is neither returned nor kept.
    expect((await detail(kept.operation_id)).body.texts).toHaveLength(1)
    app.advanceClock(29 * DAY)
    expect((await detail(kept.operation_id, key.key)).body.texts).toHaveLength(1)
    app.advanceClock(1 * DAY + 60_000)
    const expired = await detail(kept.operation_id, key.key)
    expect(expired.status).toBe(200)
    expect(expired.body).toMatchObject({ texts: null, texts_expire_at: null, characters: 13 })
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from nativ.operation_texts
      where operation_id = ${kept.operation_id}::bigint`.execute(app.deps.database.db)
    expect(rows[0]!.n).toBe(0)
  })
})

/**
 * public.operations' statement triggers keep the analytics and usage rollups: an update after the
 * insert makes them take the row out and put it back, which doubled a charged request's database
 * work. So every charge writes its operation whole, detail and connected app included.
 */
describe("an operation written whole by its insert", () => {
  let app: TestApp
  let owner: ApiUser
  const updates = async () => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from public.test_operation_updates`.execute(app.deps.database.db)
    return rows[0]!.n
  }

  beforeAll(async () => {
    app = await createApiTestApp()
    owner = await signedInUser(app, 1000)
    const db = app.deps.database.db
    // Counts every UPDATE statement on public.operations, whatever it changes.
    await sql`create table public.test_operation_updates (at timestamptz not null default now())`.execute(
      db,
    )
    await sql`create function public.test_count_operation_update() returns trigger
      language plpgsql as $$
      begin
        insert into public.test_operation_updates default values;
        return null;
      end $$`.execute(db)
    await sql`create trigger test_operation_updated after update on public.operations
      for each statement execute function public.test_count_operation_update()`.execute(db)
  })
  afterAll(() => app.close())

  const detail = async (id: string) =>
    (await callApi<OperationDetail>(app, `/operations/${id}`, { token: owner.token })).body

  it("records a request's, a batch's, a keyed request's, an app's and an image's detail, none updated after", async () => {
    const keep = await callApi(app, "/settings/request-texts", {
      method: "PATCH",
      token: owner.token,
      body: { enabled: true },
    })
    expect(keep.status).toBe(200)

    const single = await callApi<CulturalizeResponse>(app, "/text/culturalize", {
      token: owner.token,
      body: { text: "Sale ends 12/31", ...german, tool: "dashboard", file_id: "f-1" },
    })
    expect(await detail(single.body.operation_id)).toMatchObject({
      characters: 15,
      from_memory: false,
      engine: "offline",
      file_id: "f-1",
      app_name: null,
      texts: [{ request: "Sale ends 12/31", result: single.body.translated_text }],
    })

    const batch = await callApi<{ operation_id: string }>(app, "/text/culturalize-batch", {
      token: owner.token,
      body: { items: [{ text: "One" }, { text: "Two" }], ...german, tool: "figma" },
    })
    expect(await detail(batch.body.operation_id)).toMatchObject({
      characters: 6,
      engine: "offline",
    })

    const keyed = await callApi<CulturalizeResponse>(app, "/text/culturalize", {
      token: owner.token,
      headers: { "Idempotency-Key": "whole-insert-1" },
      body: { text: "Free returns", ...german, tool: "api" },
    })
    expect(keyed.status).toBe(200)
    expect(await detail(keyed.body.operation_id)).toMatchObject({ characters: 12, tool: "api" })

    const client = await registerClient(app, { client_name: "Claude" })
    const tokens = await connectApp(app, client, owner)
    const byApp = await callApi<CulturalizeResponse>(app, "/text/culturalize", {
      token: tokens.access_token,
      body: { text: "Hello there", ...german },
    })
    expect(byApp.status, JSON.stringify(byApp.body)).toBe(200)
    expect(await detail(byApp.body.operation_id)).toMatchObject({
      app_name: "Claude",
      member_email: owner.email,
      characters: 11,
    })

    const image = await postForm<ExtractTextResponse>(
      app,
      "/text/extract",
      owner.token,
      imageForm(await banner(["Summer Sale"])),
    )
    expect(image.status).toBe(200)
    expect(await detail(image.body.operation_id)).toMatchObject({
      engine: "offline",
      characters: null,
      texts: null,
    })

    expect(await updates()).toBe(0)
  })
})
