import type { CulturalizeResult, paths } from "@nativ/client"

type Account = paths["/account"]["get"]["responses"][200]["content"]["application/json"]
type Language = { language: string; language_code: string }

const number = new Intl.NumberFormat("en-US")

/** A translation as the assistant reads it: the text, what it cost, and what was not applied. */
export function translationText(language: string, result: CulturalizeResult, ignored: string[]) {
  const lines = [
    `**Translation (${language}):** ${result.translated_text}`,
    "",
    `Cost: ${number.format(result.cost)} credits; balance: ${number.format(result.credits_remaining)} credits.`,
  ]
  if (ignored.length)
    lines.push(`Note: this Nativ server does not apply ${ignored.join(", ")} yet.`)
  return lines.join("\n")
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
