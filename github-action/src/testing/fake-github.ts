import { createServer, type IncomingMessage } from "node:http"
import type { AddressInfo } from "node:net"

export type RecordedCall = { method: string; path: string; body: Record<string, unknown> | null }

type Pull = { number: number; head: string; base: string; title: string; body: string }

/**
 * GitHub's REST pulls endpoints as documented (list with head/base/state filters, create,
 * update), for the Action's create_pr step: GitHub itself cannot be reached from tests.
 */
export async function startFakeGitHub(owner: string, repo: string) {
  const calls: RecordedCall[] = []
  const pulls: Pull[] = []
  const prefix = `/repos/${owner}/${repo}/pulls`
  const toJson = (pull: Pull, url: string) => ({
    number: pull.number,
    state: "open",
    title: pull.title,
    body: pull.body,
    html_url: `https://github.com/${owner}/${repo}/pull/${pull.number}`,
    url: `${url}${prefix}/${pull.number}`,
    head: { ref: pull.head, label: `${owner}:${pull.head}` },
    base: { ref: pull.base },
  })

  const server = createServer(async (req, res) => {
    const body = await readBody(req)
    const url = new URL(req.url!, "http://localhost")
    calls.push({ method: req.method!, path: url.pathname + url.search, body })
    const origin = `http://${req.headers.host}`
    const send = (status: number, value: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" })
      res.end(JSON.stringify(value))
    }
    if (
      !req.headers.authorization?.startsWith("token ") &&
      !req.headers.authorization?.startsWith("Bearer ")
    )
      return send(401, { message: "Requires authentication" })
    if (req.method === "GET" && url.pathname === prefix) {
      const head = url.searchParams.get("head")
      const base = url.searchParams.get("base")
      return send(
        200,
        pulls
          .filter((p) => !head || `${owner}:${p.head}` === head)
          .filter((p) => !base || p.base === base)
          .map((p) => toJson(p, origin)),
      )
    }
    if (req.method === "POST" && url.pathname === prefix) {
      const { head, base, title } = (body ?? {}) as Record<string, string>
      if (!head || !base || !title) return send(422, { message: "Validation Failed" })
      const pull = { number: pulls.length + 1, head, base, title, body: String(body?.body ?? "") }
      pulls.push(pull)
      return send(201, toJson(pull, origin))
    }
    const one = new RegExp(`^${prefix}/(\\d+)$`).exec(url.pathname)
    if (req.method === "PATCH" && one) {
      const pull = pulls.find((p) => p.number === Number(one[1]))
      if (!pull) return send(404, { message: "Not Found" })
      Object.assign(pull, body)
      return send(200, toJson(pull, origin))
    }
    send(404, { message: "Not Found" })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    pulls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString("utf8")
  return text ? (JSON.parse(text) as Record<string, unknown>) : null
}
