import type { AddressInfo } from "node:net"

import { serve } from "@hono/node-server"
import type { FileCulturalizeResponse, FileJob } from "@nativ/contracts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { createApp } from "../../app"
import type { AppDeps } from "../../deps"
import type { TestApp } from "../../testing/test-app"
import { callApi, createApiTestApp, type ErrorBody, signedInUser } from "../api-test-kit"
import { INLINE_MAX_CHARS } from "./file-format"
import { runDueJobs } from "./file-job-worker"
import { createFileWorkerPool, type FileWorkerPool } from "./file-worker-pool"
import { modelLikeEngine } from "./files-test-kit"

/** Each test sends files of megabytes through the API, some twice: seconds each on a busy machine. */
const LARGE_FILE_TEST_MS = 90_000

/** About 7 MB of JSON: 70,000 keys, one text (sent to the engine once), a second or so to read. */
const largeFile = () =>
  JSON.stringify(
    Object.fromEntries(
      Array.from({ length: 70_000 }, (_, i) => [
        `screen${i % 100}_message${i}`,
        "Welcome back, {name}! Your order has shipped and will arrive in a few days.",
      ]),
    ),
  )

/**
 * About 7 MB of Rails YAML, one text: a slower format, several seconds to read, so it is well over
 * a 1 s limit however fast the machine, while a small file is well under it however busy.
 */
const slowFile = () =>
  [
    "en:",
    ...Array.from(
      { length: 70_000 },
      (_, i) => `  screen${i % 100}_message${i}: "Welcome back, %{name}! Your order has shipped."`,
    ),
  ].join("\n")

/** Over INLINE_MAX_CHARS (so a worker reads it) and quick to read: 3,000 keys, 50 texts. */
const mediumFile = () => {
  const content = JSON.stringify(
    Object.fromEntries(
      Array.from({ length: 3_000 }, (_, i) => [`key${i}`, `Item ${i % 50} of {count}`]),
    ),
  )
  expect(content.length).toBeGreaterThan(INLINE_MAX_CHARS)
  return content
}

describe("large files are read and written in worker threads", () => {
  let app: TestApp
  const closers: (() => Promise<void>)[] = []
  beforeAll(async () => {
    app = await createApiTestApp({}, { engine: modelLikeEngine() })
  })
  afterAll(async () => {
    for (const close of closers) await close()
    await app.close()
  })

  /** The API on the test app's database with other file workers (e.g. tighter limits). */
  const withWorkers = async (pool: FileWorkerPool) => {
    const deps: AppDeps = { ...app.deps, fileWorkers: pool }
    const api = createApp(deps, { webRoot: null })
    const server = serve({ fetch: api.fetch, port: 0, hostname: "127.0.0.1" })
    await new Promise((resolve) => server.once("listening", resolve))
    const { port } = server.address() as AddressInfo
    closers.push(async () => {
      server.close()
      await pool.close()
    })
    return {
      deps,
      send: async (token: string, body: object) => {
        const res = await fetch(`http://127.0.0.1:${port}/api/v1/files/culturalize`, {
          method: "POST",
          headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
          body: JSON.stringify(body),
        })
        return { status: res.status, body: (await res.json()) as unknown }
      },
    }
  }
  const submit = async (token: string, filename: string, content: string) => {
    const res = await callApi<FileJob>(app, "/files/culturalize", {
      token,
      body: { filename, content, target_languages: "fr" },
    })
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(202)
    return res.body.id
  }
  const jobOf = async (token: string, id: string) =>
    (await callApi<FileJob>(app, `/jobs/${id}`, { token })).body

  it(
    "answers other requests while a job's large file is being read, then finishes the job",
    async () => {
      const user = await signedInUser(app, 1_000)
      const id = await submit(user.token, "big/en.json", largeFile())

      // The job's run (by a server that has not read the file yet), told when it starts reading
      // the file and when the read is done.
      const events: string[] = []
      let readStarted!: () => void
      const reading = new Promise<void>((resolve) => (readStarted = resolve))
      const workers = createFileWorkerPool()
      closers.push(() => workers.close())
      const watched: FileWorkerPool = {
        ...workers,
        read: (task) => {
          readStarted()
          return workers.read(task).finally(() => events.push("large file read"))
        },
      }
      const run = runDueJobs({ ...app.deps, fileWorkers: watched }, new AbortController().signal)
      await reading
      const health = await app.fetch("/healthz")
      events.push(`healthz ${health.status}`)
      const small = await callApi<FileCulturalizeResponse>(app, "/files/culturalize", {
        token: user.token,
        body: { filename: "small/en.json", content: '{"hi": "Hello"}', target_languages: "fr" },
      })
      events.push(`small file ${small.status}`)
      await run

      expect(events).toEqual(["healthz 200", "small file 200", "large file read"])
      expect(small.body.files[0]!.content).toContain("[fr] Hello")
      const job = await jobOf(user.token, id)
      expect(job).toMatchObject({ status: "completed", files: [{ status: "completed" }] })
      const download = await app.fetch(`/api/v1/jobs/${id}/files/fr`, {
        headers: { Authorization: `Bearer ${user.token}` },
      })
      const french = (await download.json()) as Record<string, string>
      expect(Object.keys(french)).toHaveLength(70_000)
      expect(french.screen7_message7).toBe(
        "[fr] Welcome back, {name}! Your order has shipped and will arrive in a few days.",
      )
    },
    LARGE_FILE_TEST_MS,
  )

  it(
    "fails a file that takes longer than the time limit with a clear 413, at once or in a job, and reads the next file in a fresh worker",
    async () => {
      const user = await signedInUser(app, 1_000)
      const slow = await withWorkers(
        createFileWorkerPool({ timeLimit: { baseMs: 1_000, msPerMb: 0 } }),
      )
      const content = slowFile()

      const refused = await slow.send(user.token, {
        filename: "config/locales/en.yml",
        content,
        target_languages: "fr",
      })
      expect(refused.status).toBe(413)
      expect((refused.body as ErrorBody).error).toEqual({
        code: "file_too_large",
        message:
          "content: the file took too long to read (over 1 s); split it into smaller files; nothing was charged.",
      })

      // Read in time when the job was made, too slowly by the server that runs it.
      const id = await submit(user.token, "config/locales/en.yml", content)
      await runDueJobs(slow.deps, new AbortController().signal)
      const job = await jobOf(user.token, id)
      expect(job.status).toBe("failed")
      expect(job.files[0]!.error).toEqual({
        code: "file_too_large",
        message: expect.stringContaining("the file took too long to read") as string,
      })
      expect(job.cost).toBe(0)

      const next = await slow.send(user.token, {
        filename: "medium/en.json",
        content: mediumFile(),
        target_languages: "fr",
      })
      expect(next.status, JSON.stringify(next.body).slice(0, 300)).toBe(200)
      const french = JSON.parse((next.body as FileCulturalizeResponse).files[0]!.content) as Record<
        string,
        string
      >
      expect(french.key7).toBe("[fr] Item 7 of {count}")
    },
    LARGE_FILE_TEST_MS,
  )

  it(
    "answers a file whose worker runs out of memory with a clear 413, and the next file works in a fresh worker",
    async () => {
      const user = await signedInUser(app, 1_000)
      const small = await withWorkers(createFileWorkerPool({ memoryMb: 32 }))

      const refused = await small.send(user.token, {
        filename: "big/en.json",
        content: largeFile(),
        target_languages: "fr",
      })
      expect(refused.status).toBe(413)
      expect((refused.body as ErrorBody).error).toEqual({
        code: "file_too_large",
        message:
          "content: the file needs more memory to read than one file may use; split it into smaller files; nothing was charged.",
      })

      const next = await small.send(user.token, {
        filename: "medium/en.json",
        content: mediumFile(),
        target_languages: "de",
      })
      expect(next.status, JSON.stringify(next.body).slice(0, 300)).toBe(200)
      expect((next.body as FileCulturalizeResponse).files[0]!.content).toContain(
        "[de] Item 7 of {count}",
      )
    },
    LARGE_FILE_TEST_MS,
  )
})
