import type { FileCulturalizeResponse, FileJob } from "@nativ/contracts"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { TestApp } from "../../testing/test-app"
import { callApi, createApiTestApp, signedInUser } from "../api-test-kit"
import { runDueJobs } from "./file-job-worker"
import { SYNC_TEXTS_MAX } from "./files.service"
import { books } from "./files-test-kit"

/** An app's strings file: `count` keys of about 80 characters (each priced 1 credit), or 180 (2). */
const appStrings = (count: number, long = false) => {
  const strings: Record<string, string> = {}
  for (let i = 0; i < count; i++)
    strings[`screen${i % 50}.key${i}`] =
      `Welcome back {name}, you have ${i} new messages in the inbox folder ${i}.` +
      (long ? " Open the folder to read them, or mark them all as read from the menu." : "")
  return JSON.stringify(strings, null, 2)
}

describe("files that take long: answered with a job, charged once, never lost", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createApiTestApp()
  })
  afterAll(() => app.close())

  const send = (token: string, body: object, key?: string) =>
    callApi<FileJob | FileCulturalizeResponse>(app, "/files/culturalize", {
      token,
      body,
      ...(key ? { headers: { "Idempotency-Key": key } } : {}),
    })
  const jobsOf = async (userId: string) => {
    const { rows } = await sql<{ id: string }>`
      select id::text from nativ.file_jobs where company_id = ${userId}`.execute(
      app.deps.database.db,
    )
    return rows.map((r) => r.id)
  }

  it("answers a file just over 1 MB with 202, charging nothing yet, and the same job again to a repeat of its Idempotency-Key or by its file", async () => {
    const user = await signedInUser(app, 20_000)
    const content = appStrings(7_000, true)
    expect(Buffer.byteLength(content)).toBeGreaterThan(1024 * 1024)
    const body = { filename: "locales/en.json", content, target_languages: ["de"], tool: "cli" }

    const first = await send(user.token, body, "lost-answer-1")
    expect(first.status, JSON.stringify(first.body).slice(0, 300)).toBe(202)
    const job = first.body as FileJob
    expect(job).toMatchObject({ status: "queued", progress: { languages_total: 1 } })
    expect(await books(app, user.id)).toMatchObject({ credits: 20_000, charges: 0 })

    // The client never saw that 202 (a reset connection): it sends the request again, same key.
    const repeat = await send(user.token, body, "lost-answer-1")
    expect(repeat.status).toBe(202)
    expect((repeat.body as FileJob).id).toBe(job.id)
    expect(await jobsOf(user.id)).toEqual([job.id])
    // Without its key, the client still finds the job it started, by its file.
    const listed = await callApi<{ jobs: FileJob[] }>(
      app,
      `/jobs?filename=${encodeURIComponent("locales/en.json")}`,
      { token: user.token },
    )
    expect(listed.status).toBe(200)
    expect(listed.body.jobs.map((j) => j.id)).toEqual([job.id])
    const stranger = await signedInUser(app)
    expect(
      (await callApi<{ jobs: FileJob[] }>(app, "/jobs", { token: stranger.token })).body,
    ).toEqual({ jobs: [] })

    // The job is charged as the worker finishes each language (file-jobs.test.ts); not before.
    expect(await books(app, user.id)).toMatchObject({ credits: 20_000, charges: 0 })
  })

  it("makes a job of a small file whose engine work is more than an answer can wait for, and answers at once what it can", async () => {
    const user = await signedInUser(app, 1_000)
    const small = await send(user.token, {
      filename: "small/en.json",
      content: appStrings(200),
      target_languages: "fr",
    })
    expect(small.status).toBe(200)
    expect(small.body).toMatchObject({ cost: 200 })

    // More fresh strings than an answer at once sends (another company's: none from memory).
    const other = await signedInUser(app, 10_000)
    const content = appStrings(SYNC_TEXTS_MAX + 1)
    expect(Buffer.byteLength(content)).toBeLessThan(1024 * 1024)
    const res = await send(other.token, {
      filename: "more/en.json",
      content,
      target_languages: "fr",
    })
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(202)
    expect(res.body).toMatchObject({ status: "queued", filename: "more/en.json" })
    expect(await books(app, other.id)).toMatchObject({ credits: 10_000, charges: 0 })

    // Once the job is done, the same file again is answered at once from it, free.
    await runDueJobs(app.deps, new AbortController().signal)
    const job = await callApi<FileJob>(app, `/jobs/${(res.body as FileJob).id}`, {
      token: other.token,
    })
    expect(job.body).toMatchObject({ status: "completed", cost: SYNC_TEXTS_MAX + 1 })
    const download = await app.fetch(`/api/v1/jobs/${job.body.id}/files/fr`, {
      headers: { Authorization: `Bearer ${other.token}` },
    })
    // kept as the file's last answer, which is what answers a repeat without reading the file
    const { rows: kept } = await sql<{ n: number }>`
      select count(*)::int as n from nativ.file_results
      where company_id = ${other.id} and file_id = 'more/en.json'`.execute(app.deps.database.db)
    expect(kept[0]!.n).toBe(1)
    const again = await send(other.token, {
      filename: "more/en.json",
      content,
      target_languages: "fr",
    })
    expect(again.status).toBe(200)
    const answer = again.body as FileCulturalizeResponse
    expect(answer.cost).toBe(0)
    expect(answer.files[0]!.content).toBe(await download.text())
    expect(await books(app, other.id)).toMatchObject({ credits: 10_000 - (SYNC_TEXTS_MAX + 1) })
  })
})
