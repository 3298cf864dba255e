import { createServer, type IncomingHttpHeaders } from "node:http"
import type { AddressInfo } from "node:net"

/** A request the fake provider received, body parsed as JSON. */
export type RecordedRequest = {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: Record<string, unknown>
}

export type FakeReply = {
  status?: number
  headers?: Record<string, string>
  body?: unknown
  /** Wait this long before answering (to provoke timeouts). */
  delayMs?: number
  /** Answer only once this settles: a test decides when the provider's answers arrive. */
  until?: Promise<unknown>
}

export type FakeProvider = {
  /** Base URL of the server, e.g. http://127.0.0.1:43210 */
  url: string
  requests: RecordedRequest[]
  close(): Promise<void>
}

/**
 * A local HTTP server on 127.0.0.1 speaking whatever protocol `reply` answers with: the tests give
 * it OpenAI's or Anthropic's JSON shapes, so the official SDKs talk to it as to the real service.
 */
export async function startFakeProvider(
  reply: (request: RecordedRequest, index: number) => FakeReply,
): Promise<FakeProvider> {
  const requests: RecordedRequest[] = []
  const timers = new Set<NodeJS.Timeout>()
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8")
      const recorded: RecordedRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {},
      }
      requests.push(recorded)
      const answer = reply(recorded, requests.length - 1)
      const send = () => {
        if (res.destroyed) return
        res.writeHead(answer.status ?? 200, {
          "content-type": "application/json",
          ...answer.headers,
        })
        res.end(JSON.stringify(answer.body ?? {}))
      }
      if (answer.until) void answer.until.finally(send)
      else if (answer.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer)
          send()
        }, answer.delayMs)
        timers.add(timer)
      } else send()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer)
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export function openAiCompletion(content: string, finishReason = "stop"): FakeReply {
  return {
    body: {
      id: "chatcmpl-test",
      object: "chat.completion",
      created: 1_700_000_000,
      model: "test-model",
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: finishReason }],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    },
  }
}

export function openAiError(
  status: number,
  message: string,
  headers?: Record<string, string>,
): FakeReply {
  return {
    status,
    headers,
    body: { error: { message, type: "error", param: null, code: null } },
  }
}

export function anthropicMessage(text: string, stopReason = "end_turn"): FakeReply {
  return {
    body: {
      id: "msg_test",
      type: "message",
      role: "assistant",
      model: "test-model",
      content: [{ type: "text", text }],
      stop_reason: stopReason,
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 10 },
    },
  }
}

export function anthropicError(
  status: number,
  type: string,
  message: string,
  headers?: Record<string, string>,
): FakeReply {
  return { status, headers, body: { type: "error", error: { type, message } } }
}
