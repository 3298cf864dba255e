import type { CulturalizeResult, paths } from "@nativ/client"

type Account = paths["/account"]["get"]["responses"][200]["content"]["application/json"]
type Language = { language: string; language_code: string }

const number = new Intl.NumberFormat("en-US")

/** A translation as the assistant reads it: the text, its memory match, the extras, the cost. */
export function translationText(language: string, result: CulturalizeResult) {
  const lines = [`**Translation (${language}):** ${result.translated_text}`]
  const tm = result.tm_match
  if (tm && tm.score > 0) {
    lines.push(
      "",
      `**TM Match:** ${Math.round(tm.score)}% (${tm.match_type}) — source: ${tm.tm_source}`,
    )
    lines.push(`  TM reference: "${tm.source_text}" → "${tm.target_text}"`)
  }
  if (result.backtranslation) lines.push("", `**Back-translation:** ${result.backtranslation}`)
  if (result.rationale) lines.push("", `**Rationale:** ${result.rationale}`)
  if (result.note) lines.push("", `Note: ${result.note}`)
  lines.push(
    "",
    result.from_memory
      ? `From memory (an exact repeat): no credits charged; balance: ${number.format(result.credits_remaining)} credits.`
      : `Cost: ${number.format(result.cost)} credits; balance: ${number.format(result.credits_remaining)} credits.`,
  )
  return lines.join("\n")
}

type Batch =
  paths["/text/culturalize-batch"]["post"]["responses"][200]["content"]["application/json"]
type Match =
  paths["/master-tm/fuzzy-search"]["get"]["responses"][200]["content"]["application/json"]["matches"][number]
type Stats = paths["/master-tm/stats"]["get"]["responses"][200]["content"]["application/json"]
type Guide = { title: string; content: string; is_enabled: boolean }

export function batchText(language: string, texts: string[], batch: Batch) {
  return [
    `**Batch translation to ${language}** (${texts.length} items):`,
    ...batch.results.map((r, i) => `${i + 1}. "${texts[i]}" → "${r.translated_text}"`),
    "",
    `Cost: ${number.format(batch.cost)} credits; balance: ${number.format(batch.credits_remaining)} credits.`,
  ].join("\n")
}

export function matchesText(query: string, matches: Match[]) {
  if (!matches.length) return `No translation memory matches found for "${query}".`
  return [
    `**TM Search Results** for "${query}" (${matches.length} matches):`,
    ...matches.map(
      (m) =>
        `- **${Math.round(m.score)}%** [${m.match_type}] "${m.source_text}" → "${m.target_text}" (source: ${m.information_source})`,
    ),
  ].join("\n")
}

const SOURCE_LABELS: Record<string, string> = {
  manual: "Manual Entries",
  approved: "Approved Translations",
  user_glossary: "User Glossary",
  import: "Imported",
}

export function statsText(stats: Stats) {
  return [
    "**Translation Memory Statistics:**",
    `- Total entries: ${number.format(stats.total)}`,
    `- Enabled: ${number.format(stats.enabled)}`,
    `- Disabled: ${number.format(stats.disabled)}`,
    ...Object.entries(stats.by_source).map(
      ([source, counts]) =>
        `- ${SOURCE_LABELS[source] ?? source}: ${number.format(counts.total)} entries (${number.format(counts.enabled)} enabled)`,
    ),
  ].join("\n")
}

export function guidesText(guides: Guide[]) {
  if (!guides.length)
    return "No style guides yet. Add them on the Nativ dashboard: Settings → Style."
  return [
    `**Style Guides** (${guides.length}):`,
    ...guides.map(
      (g) =>
        `### ${g.title} (${g.is_enabled ? "enabled" : "disabled"})\n${g.content.length > 500 ? `${g.content.slice(0, 500)}...` : g.content}`,
    ),
  ].join("\n\n")
}

export function languagesText(languages: Language[]) {
  if (!languages.length)
    return "No languages configured. Add them on the Nativ dashboard: Settings → Languages."
  return [
    `**Configured Languages** (${languages.length}):`,
    ...languages.map((l) => `- **${l.language}** (\`${l.language_code}\`)`),
  ].join("\n")
}

export function balanceText(account: Account) {
  return `**${account.name ?? "Your company"}** has ${number.format(account.credits)} credits.`
}
