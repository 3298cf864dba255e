import type { AppDeps } from "../../deps"
import { publicEngine } from "../../http/public-config"

/** How long a company that keeps request texts keeps them. */
export const REQUEST_TEXTS_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000

/** A text sent and what came back; a batch has one pair per item. */
export type TextPair = { request: string; result: string }

/**
 * What an operation was, written by the insert that records it (nativ.charge_culturalize). `texts`
 * are always passed and kept only when the company has turned keeping on: the database decides
 * under the charge's transaction (nativ.keep_operation_texts), so the setting is read once, where
 * it cannot change mid-charge.
 */
export type OperationDetail = {
  characters: number | null
  from_memory: boolean | null
  engine: string
  model: string | null
  duration_ms: number
  texts: TextPair[] | null
  /** The server's clock plus 30 days: the texts are never shown after it. */
  texts_expire_at: string | null
}

/** The detail of work that started at `startedAt` (performance.now()) and is being charged now. */
export function operationDetail(
  deps: Pick<AppDeps, "env" | "engine" | "clock">,
  startedAt: number,
  work: { characters: number | null; fromMemory: boolean | null; texts: TextPair[] | null },
): OperationDetail {
  const engine = publicEngine(deps)
  return {
    characters: work.characters,
    from_memory: work.fromMemory,
    engine: engine.kind,
    model: engine.model,
    duration_ms: Math.max(0, Math.round(performance.now() - startedAt)),
    texts: work.texts,
    texts_expire_at: work.texts
      ? new Date(deps.clock().getTime() + REQUEST_TEXTS_DAYS * DAY_MS).toISOString()
      : null,
  }
}
