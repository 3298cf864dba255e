import { Hono } from "hono"

import type { AppDeps } from "../deps"
import { sha256Source } from "../http/csp-hash"
import { refuseUnstorableQuery } from "../http/unstorable-input"
import { listOutbox, type OutboxMessage } from "../mail/outbox"
import { escapeHtml } from "../mail/templates"

/**
 * /_mail — the embedded outbox: an inbox page and `GET /_mail/messages.json`
 * (`[{id, to, subject, text, html, created_at}]`, newest first, `?to=` filters by address).
 * Mounted only with MAIL_TRANSPORT=outbox and dev routes enabled.
 */
export function mailRoutes(deps: AppDeps) {
  const query = (to: string | undefined) =>
    listOutbox(deps.database.db, { ...(to ? { to } : {}), limit: 200 })
  return new Hono()
    .use(refuseUnstorableQuery((c, message) => c.json({ error: message }, 400)))
    .get("/messages.json", async (c) => {
      c.header("Cache-Control", "no-store")
      return c.json(await query(c.req.query("to")))
    })
    .get("/", async (c) => {
      c.header("Cache-Control", "no-store")
      c.header("Content-Security-Policy", POLICY)
      return c.html(inboxPage(await query(c.req.query("to"))))
    })
}

const STYLE = `
body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#111}
article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}
header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.5rem}
header span{color:#666;font-size:.85rem}
pre{white-space:pre-wrap;word-break:break-all;font:inherit;margin:.75rem 0 0}
`
/** Nothing but the page's own style block: mail bodies are shown as text, never run. */
const POLICY = `default-src 'none'; style-src ${sha256Source(STYLE)}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`

function inboxPage(messages: OutboxMessage[]): string {
  const items = messages.map(
    (m) => `<article>
  <header><strong>${escapeHtml(m.subject)}</strong><span>to ${escapeHtml(m.to)} · ${escapeHtml(m.created_at)}</span></header>
  <pre>${linkify(m.text)}</pre>
</article>`,
  )
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Nativ mailbox</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>${STYLE}</style></head><body>
<h1>Mailbox</h1>
<p>Emails the server sent (outbox transport), newest first. JSON: <a href="/_mail/messages.json">/_mail/messages.json</a></p>
${items.length ? items.join("\n") : "<p>No emails yet.</p>"}
</body></html>`
}

/** Escapes the text and turns its http(s) links into anchors. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/g)
    .map((part, i) =>
      i % 2 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join("")
}
