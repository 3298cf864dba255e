import { afterAll, beforeAll, describe, expect, it } from "vitest"

import {
  type FakeProvider,
  type FakeReply,
  openAiCompletion,
  openAiError,
  startFakeProvider,
} from "../engine/testing/fake-provider-server"
import {
  killServerProcesses,
  type ServerProcess,
  startServerProcess,
  waitForReady,
} from "../testing/server-process"
import {
  balanceAndLedger,
  buyCredits,
  createApiKey,
  createRemoteAccount,
  headers,
  type RemoteAccount,
} from "./remote-account"
import { serverBackend, type ServerBackend } from "./server-backend"

/**
 * A model provider that hangs, fails, keeps rate-limiting or answers garbage, behind the real
 * server: each culturalize call gets a clear 502 or 504 within ENGINE_TIMEOUT_MS (plus the
 * server's own work), and nothing is charged or recorded.
 */

const ENGINE_TIMEOUT_MS = 1_500

/** The fake provider's behaviour, chosen by the text sent for culturalization. */
const behaviours: Record<string, FakeReply> = {
  hangs: { ...openAiCompletion("Hallo"), delayMs: 60_000 },
  fails: openAiError(500, "The server had an error while processing your request."),
  "rate-limits": openAiError(429, "Rate limit reached", { "retry-after": "1" }),
  "answers garbage": { headers: { "content-type": "text/html" }, body: "<html>Bad gateway</html>" },
  "answers an empty completion": openAiCompletion(""),
}

describe("a model provider that misbehaves", () => {
  let backend: ServerBackend
  let provider: FakeProvider
  let server: ServerProcess
  let account: RemoteAccount
  let apiKey: string

  beforeAll(async () => {
    backend = await serverBackend()
    provider = await startFakeProvider((request) => {
      const messages = request.body.messages as { role: string; content: string }[]
      const text = messages.at(-1)!.content
      const name = Object.keys(behaviours).find((b) => text.includes(b))
      return behaviours[name ?? "fails"]!
    })
    server = await startServerProcess({
      ...backend.env,
      ENGINE: "openai",
      ENGINE_BASE_URL: `${provider.url}/v1`,
      ENGINE_API_KEY: "sk-test",
      ENGINE_MODEL: "test-model",
      ENGINE_TIMEOUT_MS: String(ENGINE_TIMEOUT_MS),
      RATE_LIMIT_AUTH_PER_MINUTE: "1000",
    })
    await waitForReady(server.url)
    account = await createRemoteAccount(server.url)
    await buyCredits(server.url, account, 1)
    apiKey = await createApiKey(server.url, account)
  }, 90_000)
  afterAll(async () => {
    killServerProcesses()
    await provider.close()
    await backend.dispose()
  })

  it.each([
    ["hangs", 504, "engine_timeout"],
    ["fails", 502, "engine_failed"],
    ["rate-limits", 502, "engine_failed"],
    ["answers garbage", 502, "engine_failed"],
    ["answers an empty completion", 502, "engine_failed"],
  ])("answers clearly and charges nothing when it %s", async (behaviour, status, code) => {
    const started = Date.now()
    const res = await fetch(`${server.url}/api/v1/text/culturalize`, {
      method: "POST",
      headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        text: `The provider ${behaviour}.`,
        language: "German",
        language_code: "DE",
        tool: "api",
      }),
    })
    const elapsed = Date.now() - started
    expect(res.status).toBe(status)
    const body = (await res.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe(code)
    expect(body.error.message).toContain("Nothing was charged")
    // Long before a hanging provider would answer (60 s): the server's own timeout ended the call.
    // The margin is for a loaded CI machine (2.8 s once beside the end-to-end specs).
    expect(elapsed).toBeLessThan(ENGINE_TIMEOUT_MS + 8_000)

    expect(await balanceAndLedger(server.url, account)).toEqual({ credits: 1000, ledger: 1000 })
    const operations = await fetch(`${server.url}/rest/v1/operations?select=id`, {
      headers: headers(account),
    })
    expect(await operations.json()).toEqual([])
  })
})
