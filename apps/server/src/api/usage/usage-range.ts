import { USAGE_MAX_RANGE_DAYS, type UsageQuery } from "@nativ/contracts"

import { ApiError } from "../api-error"
import type { UsageContext } from "./usage.repo"

const DAY_MS = 86_400_000
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS

/** Days from `from` to `to`, both included. */
export const daysInRange = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1

const invalid = (message: string) => new ApiError(400, "invalid_request", message)

/**
 * The days a usage request covers: `to` defaults to today, `from` to the day of the company's
 * first operation ("all time", which may be any length unless the answer has a row per day).
 */
export function resolveUsageRange(
  query: Pick<UsageQuery, "from" | "to" | "group_by">,
  context: UsageContext,
): { from: string; to: string } {
  const to = query.to ?? context.today
  if (query.from === undefined) {
    const first = context.firstDay ?? to
    const from = first < to ? first : to
    if (query.group_by === "day" && daysInRange(from, to) > USAGE_MAX_RANGE_DAYS)
      throw invalid(
        `from: group_by=day answers at most ${USAGE_MAX_RANGE_DAYS} days and this account's history starts on ${from}; give from (and to) to choose which.`,
      )
    return { from, to }
  }
  const from = query.from
  if (from > to) throw invalid(`from: ${from} is after to (${to}).`)
  const days = daysInRange(from, to)
  if (days > USAGE_MAX_RANGE_DAYS)
    throw invalid(
      `from: the range ${from} to ${to} covers ${days} days; ask for at most ${USAGE_MAX_RANGE_DAYS} at a time.`,
    )
  return { from, to }
}
