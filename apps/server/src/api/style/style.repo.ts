import type { CombinedStyle, StyleGuide, StyleGuideUpdate } from "@nativ/contracts"
import { sql } from "kysely"

import type { Db } from "../../db/schema"
import { isUuid } from "../../db/uuid"

type Row = Omit<StyleGuide, "created_at" | "updated_at"> & { created_at: Date; updated_at: Date }
const toGuide = (row: Row): StyleGuide => ({
  ...row,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
})
const COLUMNS = sql`id::text as id, title, content, is_enabled, display_order, created_at, updated_at`

export async function listGuides(db: Db, companyId: string): Promise<StyleGuide[]> {
  const { rows } = await sql<Row>`
    select ${COLUMNS} from public.style_guides where user_id = ${companyId}
    order by display_order, created_at, id
  `.execute(db)
  return rows.map(toGuide)
}

export async function countGuides(db: Db, companyId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from public.style_guides where user_id = ${companyId}
  `.execute(db)
  return rows[0]!.n
}

/** A new guide goes last unless it names its place. */
export async function createGuide(
  db: Db,
  companyId: string,
  guide: {
    title: string
    content: string
    is_enabled: boolean
    display_order?: number | undefined
  },
): Promise<StyleGuide> {
  const { rows } = await sql<Row>`
    insert into public.style_guides (user_id, title, content, is_enabled, display_order)
    values (${companyId}, ${guide.title}, ${guide.content}, ${guide.is_enabled},
      coalesce(${guide.display_order ?? null}::int,
        (select coalesce(max(display_order) + 1, 0) from public.style_guides where user_id = ${companyId})))
    returning ${COLUMNS}
  `.execute(db)
  return toGuide(rows[0]!)
}

/** Null when the company has no such guide. */
export async function updateGuide(
  db: Db,
  companyId: string,
  id: string,
  change: StyleGuideUpdate,
): Promise<StyleGuide | null> {
  if (!isUuid(id)) return null
  const { rows } = await sql<Row>`
    update public.style_guides set
      title = coalesce(${change.title ?? null}, title),
      content = coalesce(${change.content ?? null}, content),
      is_enabled = coalesce(${change.is_enabled ?? null}::boolean, is_enabled),
      display_order = coalesce(${change.display_order ?? null}::int, display_order),
      updated_at = now()
    where id = ${id} and user_id = ${companyId}
    returning ${COLUMNS}
  `.execute(db)
  return rows[0] ? toGuide(rows[0]) : null
}

/** The deleted guide's id and title; null when the company has no such guide. */
export async function deleteGuide(
  db: Db,
  companyId: string,
  id: string,
): Promise<{ id: string; title: string } | null> {
  if (!isUuid(id)) return null
  const { rows } = await sql<{ id: string; title: string }>`
    delete from public.style_guides where id = ${id} and user_id = ${companyId}
    returning id::text as id, title
  `.execute(db)
  return rows[0] ?? null
}

export async function readBrandVoice(db: Db, companyId: string): Promise<string | null> {
  const { rows } = await sql<{ prompt: string }>`
    select prompt from public.brand_voices where user_id = ${companyId}
  `.execute(db)
  return rows[0]?.prompt ?? null
}

/** Saves the brand voice; null removes it. */
export async function writeBrandVoice(db: Db, companyId: string, prompt: string | null) {
  if (prompt === null)
    await sql`delete from public.brand_voices where user_id = ${companyId}`.execute(db)
  else
    await sql`
      insert into public.brand_voices (user_id, prompt) values (${companyId}, ${prompt})
      on conflict (user_id) do update set prompt = excluded.prompt, updated_at = now()
    `.execute(db)
}

type StyleRow = {
  kind: "voice" | "guide"
  id: string | null
  title: string | null
  content: string
}

/**
 * The brand voice and the enabled guides as one JSON array of rows, in their order: a scalar
 * subquery to embed in a larger statement (culturalize reads it with the request's other settings,
 * culturalize-context.repo.ts); combineStyle turns it into the CombinedStyle.
 */
export function styleRowsJson(companyId: string) {
  return sql`(select coalesce(json_agg(s order by s.kind desc, s.display_order, s.created_at), '[]')
    from (
      select 'voice' as kind, null as id, null as title, prompt as content, 0 as display_order,
        null::timestamptz as created_at
      from public.brand_voices where user_id = ${companyId}
      union all
      select 'guide', id::text, title, content, display_order, created_at
      from public.style_guides where user_id = ${companyId} and is_enabled
    ) s)`
}

/** What every model call is told about the company's style: the brand voice, then each guide. */
export function combineStyle(rows: StyleRow[]): CombinedStyle {
  const voice = rows.find((r) => r.kind === "voice")?.content ?? null
  const guides = rows
    .filter((r) => r.kind === "guide")
    .map((r) => ({ id: r.id!, title: r.title!, content: r.content }))
  const parts = [
    ...(voice ? [`Brand voice:\n${voice}`] : []),
    ...guides.map((g) => `Style guide "${g.title}":\n${g.content}`),
  ]
  return { prompt: parts.join("\n\n"), brand_voice: voice, guides, exists: parts.length > 0 }
}

/** The company's combined style (GET /style/combined): one round trip. */
export async function readCombinedStyle(db: Db, companyId: string): Promise<CombinedStyle> {
  const { rows } = await sql<{
    rows: StyleRow[]
  }>`select ${styleRowsJson(companyId)} as rows`.execute(db)
  return combineStyle(rows[0]!.rows)
}
