/**
 * The Operations filters, kept in the URL beside `?page=`: each one's query parameter is the
 * product API's own, so the Export CSV call passes them on unchanged.
 */
export type OperationsFilters = {
  from: string | null
  to: string | null
  language: string | null
  tool: string | null
  apiKeyId: string | null
  memberEmail: string | null
}

export const FILTER_PARAMS = {
  from: "from",
  to: "to",
  language: "language",
  tool: "tool",
  apiKeyId: "api_key_id",
  memberEmail: "member",
} as const satisfies Record<keyof OperationsFilters, string>

const DAY = /^\d{4}-\d{2}-\d{2}$/
const isDay = (value: string | null) =>
  value !== null && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))

/** The filters in `params`; a day that is not YYYY-MM-DD (a hand-edited URL) is no filter. */
export function readFilters(params: URLSearchParams): OperationsFilters {
  const value = (key: keyof OperationsFilters) => params.get(FILTER_PARAMS[key]) || null
  const from = value("from")
  const to = value("to")
  return {
    from: isDay(from) ? from : null,
    to: isDay(to) ? to : null,
    language: value("language"),
    tool: value("tool"),
    apiKeyId: value("apiKeyId"),
    memberEmail: value("memberEmail"),
  }
}

export const hasFilters = (filters: OperationsFilters) => Object.values(filters).some(Boolean)

/** How many filters are set, for the narrow screen's 'Filters' button. */
export const activeFilterCount = (filters: OperationsFilters) =>
  Object.values(filters).filter(Boolean).length

export const NO_FILTERS: OperationsFilters = {
  from: null,
  to: null,
  language: null,
  tool: null,
  apiKeyId: null,
  memberEmail: null,
}

/** The instant a browser-local day starts, ISO 8601 (the table's days are the browser's). */
export const dayStart = (day: string) => new Date(`${day}T00:00:00`).toISOString()

/** The instant the browser-local day after `day` starts: `to` is inclusive. */
export function dayAfterStart(day: string) {
  const start = new Date(`${day}T00:00:00`)
  start.setDate(start.getDate() + 1)
  return start.toISOString()
}

/** GET /operations?format=csv's query: the filters set, in the browser's time zone. */
export function exportQuery(filters: OperationsFilters, timeZone: string) {
  const query: Record<string, string> = { format: "csv", time_zone: timeZone }
  for (const key of Object.keys(FILTER_PARAMS) as (keyof OperationsFilters)[]) {
    const value = filters[key]
    if (value) query[FILTER_PARAMS[key]] = value
  }
  return query
}

/** The server's own name for the file: nativ-operations-<from>-<to>.csv. */
export const exportFileName = ({ from, to }: OperationsFilters) =>
  `nativ-operations-${from ?? "start"}-${to ?? "today"}.csv`
