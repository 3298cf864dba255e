import type { Language } from "@nativ/contracts"

/**
 * A language's name, with its code when another of the company's languages has the same name
 * (French FR and French FR-CA read "French (FR)" and "French (FR-CA)").
 */
export function languageLabel(language: Language, languages: Language[]) {
  const name = language.language.trim().toLowerCase()
  const shared = languages.some(
    (other) => other.id !== language.id && other.language.trim().toLowerCase() === name,
  )
  return shared
    ? `${language.language} (${language.language_code.toUpperCase()})`
    : language.language
}
