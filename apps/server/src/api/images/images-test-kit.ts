import { sql } from "kysely"
import sharp from "sharp"

import type { TestApp } from "../../testing/test-app"

/** Test images drawn in the test, with known text (DejaVu Sans, which the machine has). */
export function banner(lines: string[], options: { width?: number; height?: number } = {}) {
  const width = options.width ?? 800
  const height = options.height ?? 300
  const step = height / (lines.length + 1)
  const texts = lines
    .map(
      (line, i) =>
        `<text x="60" y="${Math.round(step * (i + 1) + 20)}" font-family="DejaVu Sans" font-size="52" fill="#ffffff">${line}</text>`,
    )
    .join("")
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#1d4ed8"/>${texts}</svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

/** A flat image with no text at all. */
export function blank(width = 400, height = 200) {
  return sharp({ create: { width, height, channels: 3, background: "#f59e0b" } })
    .png()
    .toBuffer()
}

export function imageForm(file: Buffer, fields: Record<string, string> = {}, type = "image/png") {
  const form = new FormData()
  form.append("file", new Blob([new Uint8Array(file)], { type }), "banner.png")
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  return form
}

export async function postForm<T = Record<string, unknown>>(
  app: TestApp,
  path: string,
  token: string,
  body: FormData | string,
  headers: Record<string, string> = {},
) {
  const res = await app.fetch(`/api/v1${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, ...headers },
    body,
  })
  return { status: res.status, body: (await res.json()) as T, headers: res.headers }
}

/** The company's balance, its operations and its ledger debits: what a charge must move once. */
export async function books(app: TestApp, companyId: string) {
  const db = app.deps.database.db
  const balance = await sql<{ credits: string }>`
    select credits from public.users where id = ${companyId}`.execute(db)
  const operations = await sql<{ action: string; cost: string; language: string | null }>`
    select action, cost, language from public.operations where user_id = ${companyId} order by id`.execute(
    db,
  )
  const debits = await sql<{ delta: string }>`
    select delta from public.credit_ledger where user_id = ${companyId} and delta < 0`.execute(db)
  return {
    balance: Number(balance.rows[0]!.credits),
    operations: operations.rows.map((o) => ({ ...o, cost: Number(o.cost) })),
    debits: debits.rows.map((d) => Number(d.delta)),
  }
}
