import type { OperationDetail } from "@nativ/contracts"

import { countOf, formatFullDateTime, formatNumber } from "@/lib/format"
import { operationLabel } from "@/lib/operation-label"

/** What the detail shows for a value the operation did not record. */
export const UNKNOWN = "—"

/** Who made it: the API key, the connected app, or the member, as far as recorded. */
export function madeBy(op: OperationDetail): string {
  const key = op.api_key_name ?? (op.api_key_id ? "a deleted key" : null)
  const member = op.member_email
  if (op.app_name) return member ? `${op.app_name} for ${member}` : op.app_name
  if (key) return member ? `API key ${key} (${member})` : `API key ${key}`
  return member ?? UNKNOWN
}

/** 840 → "840 ms", 1530 → "1.5 s". */
export function formatDuration(ms: number | null): string {
  if (ms === null) return UNKNOWN
  if (ms < 1000) return `${ms} ms`
  return `${formatNumber(Math.round(ms / 100) / 10)} s`
}

function engineAndModel(op: OperationDetail): string {
  if (!op.engine) return UNKNOWN
  return op.model ? `${op.engine} · ${op.model}` : op.engine
}

/** The detail's rows, in the order the issue lists them: label and shown value. */
export function detailFields(op: OperationDetail): [string, string][] {
  const known = <T>(value: T | null, format: (v: T) => string) =>
    value === null ? UNKNOWN : format(value)
  return [
    ["Time", formatFullDateTime(op.created_at)],
    ["Operation", operationLabel(op.action)],
    ["Tool", op.tool || UNKNOWN],
    ["API key or member", madeBy(op)],
    ["Language", op.language ?? UNKNOWN],
    ["Characters", known(op.characters, formatNumber)],
    ["Cost", countOf(op.credits, "credit")],
    ["From memory", known(op.from_memory, (yes) => (yes ? "Yes (free)" : "No"))],
    ["Engine and model", engineAndModel(op)],
    ["Duration", formatDuration(op.duration_ms)],
    ["File id", op.file_id ?? UNKNOWN],
  ]
}
