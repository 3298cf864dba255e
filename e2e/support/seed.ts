import { expect, type Page, type TestInfo } from "@playwright/test"

import { checkScreen } from "./screens"
import { callServer, serviceRoleKey } from "./server"

/**
 * Demo operations for the dashboard pages, written through /rest/v1 with the service-role key
 * (which bypasses row-level security), since the e2e server's embedded database is locked by the
 * server process. Deterministic: row i (0 = newest) is `spacingMinutes * i + 1` minutes old.
 */
export type SeededOperation = {
  action: string
  file_id: string
  language: string | null
  tool: string
  cost: number
  created_at: string
}

const ACTIONS = ["culturalize_text", "localize_visual", "translate_layers"]
const TOOLS = ["figma", "photoshop", "dashboard"]
/** Six languages with falling frequency plus rows without one: the donut gets an 'Other' slice. */
const LANGUAGE_BY_DIGIT = [
  "French",
  "French",
  "French",
  "German",
  "German",
  "Spanish",
  "Japanese",
  "Italian",
  "Dutch",
  null,
]

export function demoOperations(count: number, now = new Date(), spacingMinutes = 40) {
  return Array.from({ length: count }, (_, i): SeededOperation => ({
    action: ACTIONS[i % ACTIONS.length]!,
    file_id: `file-${String(i % 7).padStart(3, "0")}`,
    language: LANGUAGE_BY_DIGIT[i % 10]!,
    tool: TOOLS[i % TOOLS.length]!,
    cost: (i * 7) % 45,
    created_at: new Date(now.getTime() - (i * spacingMinutes + 1) * 60_000).toISOString(),
  }))
}

const serviceHeaders = () => ({ apikey: serviceRoleKey() })

/** Inserts `operations` for the company `userId`; returns them (newest first). */
export async function seedOperations(userId: string, operations: SeededOperation[]) {
  const { status, json } = await callServer("/rest/v1/operations", {
    method: "POST",
    bearer: serviceRoleKey(),
    headers: { ...serviceHeaders(), Prefer: "return=minimal" },
    body: operations.map((operation) => ({ ...operation, user_id: userId })),
  })
  expect(status, JSON.stringify(json)).toBe(201)
  return operations
}

/**
 * An exact count of the company's operations read straight from the database over /rest/v1 (as
 * the service role), optionally narrowed by PostgREST filters such as `created_at=gte.…`.
 */
export async function countOperations(userId: string, filters: string[] = []) {
  const query = [`user_id=eq.${userId}`, ...filters].join("&")
  const { status, headers } = await callServer(`/rest/v1/operations?select=id&${query}`, {
    method: "HEAD",
    bearer: serviceRoleKey(),
    headers: { ...serviceHeaders(), Prefer: "count=exact" },
  })
  expect(status).toBeLessThan(300)
  return Number(headers.get("content-range")?.split("/")[1])
}

/** Rows as the service role reads them, with PostgREST query parameters. */
export async function readOperations(userId: string, query: string) {
  const { status, json } = await callServer(`/rest/v1/operations?user_id=eq.${userId}&${query}`, {
    bearer: serviceRoleKey(),
    headers: serviceHeaders(),
  })
  expect(status).toBe(200)
  return json as Record<string, unknown>[]
}

/**
 * A fixed-offset IANA zone in which it is now around noon, so operations from the last hours
 * fall on "today" whatever time the suite runs. Etc/GMT names invert the sign: Etc/GMT-3 is UTC+3.
 */
export function noonTimeZone(now = new Date()) {
  const offset = 12 - now.getUTCHours() // -11 … +12
  return offset === 0 ? "Etc/GMT" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`
}

/** The calendar day ('YYYY-MM-DD') of an instant in `timeZone`. */
export function dayIn(timeZone: string, instant: Date | string) {
  return new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date(instant))
}

/** The instant local midnight began today in a fixed-offset `timeZone` (as from noonTimeZone). */
export function startOfTodayIn(timeZone: string, now = new Date()) {
  const [year, month, day] = dayIn(timeZone, now).split("-").map(Number) as [number, number, number]
  const match = /^Etc\/GMT(?:([+-])(\d+))?$/.exec(timeZone)
  if (!match) throw new Error(`Not a fixed-offset zone: ${timeZone}`)
  const offsetHours = match[1] ? (match[1] === "-" ? 1 : -1) * Number(match[2]) : 0
  return new Date(Date.UTC(year, month - 1, day) - offsetHours * 3_600_000)
}

/** checkScreen once transient toasts (e.g. the sign-in confirmation) have gone. */
export async function settledScreen(page: Page, testInfo: TestInfo, name: string) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 })
  await checkScreen(page, testInfo, name)
}
