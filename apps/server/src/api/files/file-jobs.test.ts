import type { CreatedWebhook, FileJob } from "@nativ/contracts"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { createApp } from "../../app"
import { EngineAbortedError } from "../../engine/errors"
import type { CulturalizeEngine } from "../../engine/types"
import { createServices } from "../../services"
import type { TestApp } from "../../testing/test-app"
import { callApi, createApiTestApp, expectApiError, signedInUser } from "../api-test-kit"
import { JOB_LEASE_MS, startFileJobWorker } from "./file-job-worker"
import { books, culturalizeFile } from "./files-test-kit"

// database-specific: workers claim jobs with FOR UPDATE SKIP LOCKED and take over expired leases,
// which PGlite's single connection and PostgreSQL's pool serve differently.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Translates French at once and holds German until the worker is stopped (a server going down). */
const stallingEngine: CulturalizeEngine = {
  name: "offline",
  culturalize: () => Promise.reject(new Error("batch path only")),
  culturalizeBatch: (shared, texts, signal) =>
    shared.languageCode === "de"
      ? new Promise((_, reject) =>
          signal?.addEventListener("abort", () => reject(new EngineAbortedError("stopped"))),
        )
      : Promise.resolve(texts.map((text) => ({ text: `[${shared.languageCode}] ${text}` }))),
}
const workingEngine: CulturalizeEngine = {
  name: "offline",
  culturalize: (input) => Promise.resolve({ text: `[${input.languageCode}] ${input.text}` }),
}

/** Over 1 MB: 110 strings of 9,600 characters, each priced 97 credits. */
const bigFile = () => {
  const strings: Record<string, string> = {}
  for (let i = 0; i < 110; i++) strings[`s${i}`] = `Line ${i} {name} ${"words ".repeat(1600)}`
  return { section: strings }
}
const STRING_COST = 97

describe("file jobs (files over 1 MB)", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createApiTestApp({}, { engine: stallingEngine })
  })
  afterAll(() => app.close())

  it("answers 202 with a job that shows its progress, survives a restart mid-way, finishes every language once and queues job.completed", async () => {
    const user = await signedInUser(app, 30_000)
    const hook = await callApi<CreatedWebhook>(app, "/webhooks", {
      token: user.token,
      body: { url: "http://127.0.0.1:9/hooks", events: ["job.completed"] },
    })
    expect(hook.status).toBe(201)
    const content = JSON.stringify(bigFile())
    expect(content.length).toBeGreaterThan(1024 * 1024)

    const submitted = await callApi<FileJob>(app, "/files/culturalize", {
      token: user.token,
      body: { filename: "big/en.json", content, target_languages: ["fr", "German"] },
    })
    expect(submitted.status, JSON.stringify(submitted.body).slice(0, 300)).toBe(202)
    expect(submitted.body).toMatchObject({
      status: "queued",
      filename: "big/en.json",
      format: "json",
      progress: { languages_total: 2, languages_done: 0 },
    })
    const id = submitted.body.id
    const job = (as = user) => callApi<FileJob>(app, `/jobs/${id}`, { token: as.token })

    // The first server finishes French, then hangs while German is at the engine.
    const first = startFileJobWorker(app.deps, 60_000)
    let running = await job()
    for (let i = 0; i < 200 && running.body.progress.languages_done < 1; i++) {
      await sleep(25)
      running = await job()
    }
    expect(running.body).toMatchObject({
      status: "running",
      progress: { languages_total: 2, languages_done: 1, percent: 50 },
    })
    expect(running.body.files.map((f) => [f.language_code, f.status])).toEqual([
      ["fr", "completed"],
      ["de", "pending"],
    ])
    const stranger = await signedInUser(app)
    expectApiError(await job(stranger), 404, "not_found")
    expectApiError(
      await callApi(app, `/jobs/${id}/files/fr`, { token: stranger.token }),
      404,
      "not_found",
    )

    // A new server on the same database while the first one hangs, once its claim has lapsed.
    const later = Date.now() + JOB_LEASE_MS + 1_000
    const restarted = await createServices(
      app.deps.env,
      app.deps.logger,
      "test-secret-that-is-long-enough-for-hs256-signing",
      { database: app.deps.database, engine: workingEngine, clock: () => new Date(later) },
    )
    const second = startFileJobWorker(restarted, 60_000)
    await second.runNow()
    await second.stop()
    await first.stop() // the hung server's German is abandoned, uncharged

    const restartedApp = createApp(restarted, { webRoot: null })
    const done = (await (
      await restartedApp.request(`/api/v1/jobs/${id}`, {
        headers: { Authorization: `Bearer ${user.token}` },
      })
    ).json()) as FileJob
    expect(done).toMatchObject({
      status: "completed",
      progress: { languages_done: 2, percent: 100 },
      cost: 2 * 110 * STRING_COST,
    })
    expect(done.files.map((f) => [f.language_code, f.status, f.filename, f.cost])).toEqual([
      ["fr", "completed", "big/fr.json", 110 * STRING_COST],
      ["de", "completed", "big/de.json", 110 * STRING_COST],
    ])
    const download = await app.fetch(`/api/v1/jobs/${id}/files/de`, {
      headers: { Authorization: `Bearer ${user.token}` },
    })
    expect(download.status).toBe(200)
    expect(download.headers.get("content-disposition")).toContain("de.json")
    const german = (await download.json()) as { section: Record<string, string> }
    expect(german.section.s7).toMatch(/^\[de\] Line 7 \{name\} words/)

    expect(await books(app, user.id)).toMatchObject({
      credits: 30_000 - 2 * 110 * STRING_COST,
      charges: 2,
      operations: [
        `translate_file:French:${110 * STRING_COST}:api:big/en.json`,
        `translate_file:German:${110 * STRING_COST}:api:big/en.json`,
      ],
    })
    const { rows } = await sql<{ payload: { data: { id: string; status: string } } }>`
      select payload from nativ.webhook_deliveries
      where company_id = ${user.id} and event = 'job.completed'`.execute(app.deps.database.db)
    expect(rows.map((r) => r.payload.data)).toEqual([
      expect.objectContaining({ id, status: "completed" }),
    ])
    // A 1 MB file in two languages and a restart: 30 s ran out once on a CI machine at load 14.
  }, 90_000)

  it("refuses a job the balance cannot cover before keeping it", async () => {
    const user = await signedInUser(app, 100)
    const res = await culturalizeFile(app, user, {
      filename: "big/en.json",
      content: JSON.stringify(bigFile()),
      target_languages: "fr",
    })
    expectApiError(res, 402, "insufficient_credits")
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from nativ.file_jobs where company_id = ${user.id}`.execute(
      app.deps.database.db,
    )
    expect(rows[0]!.n).toBe(0)
  })
})
