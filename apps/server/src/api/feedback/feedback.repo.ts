import type { Feedback, FeedbackList, SubmitFeedback } from "@nativ/contracts"
import { sql } from "kysely"

import type { Db } from "../../db/schema"

type Row = Omit<Feedback, "created_at"> & { created_at: Date }

const toFeedback = ({ created_at, ...row }: Row): Feedback => ({
  ...row,
  created_at: created_at.toISOString(),
})

/**
 * One row in `user_feedback`, as the Playground's card writes it over REST; its insert trigger keeps
 * a Good rating in the translation memory, unless the result is an offline answer (words kept).
 */
export async function insertFeedback(
  db: Db,
  companyId: string,
  input: SubmitFeedback,
): Promise<Feedback> {
  const { rows } = await sql<Row>`
    insert into public.user_feedback (user_id, source, result, language, approved, feedback)
    values (${companyId}, ${input.source}, ${input.result}, ${input.language}, ${input.approved},
      ${input.feedback})
    returning id, source, result, language, approved, feedback, created_at
  `.execute(db)
  return toFeedback(rows[0]!)
}

/** A page of the company's feedback, newest first, with the total. */
export async function listFeedback(
  db: Db,
  companyId: string,
  page: { limit: number; offset: number },
): Promise<FeedbackList> {
  const [{ rows }, { rows: count }] = await Promise.all([
    sql<Row>`
      select id, source, result, language, approved, feedback, created_at
      from public.user_feedback where user_id = ${companyId}
      order by created_at desc, id desc
      limit ${page.limit} offset ${page.offset}
    `.execute(db),
    sql<{ total: string }>`
      select count(*) as total from public.user_feedback where user_id = ${companyId}
    `.execute(db),
  ])
  return { feedback: rows.map(toFeedback), total: Number(count[0]!.total), ...page }
}
