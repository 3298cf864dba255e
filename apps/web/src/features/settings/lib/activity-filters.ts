/** The Activity tab's filters: a kind of action and a member; null is "all". */
export type ActivityFilters = { group: ActivityGroup | null; member: string | null }

export const NO_ACTIVITY_FILTERS: ActivityFilters = { group: null, member: null }

/**
 * What the action filter offers: groups named as a person thinks of them, each the kinds of
 * action (the part before the dot) that /audit-log's `action` filter takes.
 */
export const ACTIVITY_GROUPS = {
  members: { label: "Members", kinds: ["member"] },
  api_keys: { label: "API keys", kinds: ["api_key"] },
  credits: { label: "Credits and alerts", kinds: ["credits", "low_balance_alert"] },
  languages: { label: "Languages", kinds: ["language"] },
  style: { label: "Style guides and brand voice", kinds: ["style_guide", "brand_voice"] },
  glossaries: { label: "Glossaries", kinds: ["glossary"] },
  memory: { label: "Translation memory", kinds: ["memory"] },
  security: { label: "Passwords and two-factor", kinds: ["password", "two_factor"] },
  connected_apps: { label: "Connected apps", kinds: ["connected_app"] },
  webhooks: { label: "Webhooks", kinds: ["webhook"] },
  settings: { label: "Company settings", kinds: ["settings"] },
} as const satisfies Record<string, { label: string; kinds: readonly string[] }>

export type ActivityGroup = keyof typeof ACTIVITY_GROUPS

export const isActivityGroup = (value: string): value is ActivityGroup =>
  Object.hasOwn(ACTIVITY_GROUPS, value)

/** The /audit-log query for a page of the filtered log. */
export function activitySearch(
  filters: ActivityFilters,
  page: { limit: number; before?: string | null },
) {
  const search = new URLSearchParams({ limit: String(page.limit) })
  if (page.before) search.set("before", page.before)
  if (filters.group) search.set("action", ACTIVITY_GROUPS[filters.group].kinds.join(","))
  if (filters.member) search.set("member", filters.member)
  return search.toString()
}

export const hasActivityFilters = (filters: ActivityFilters) =>
  filters.group !== null || filters.member !== null
