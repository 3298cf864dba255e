import { canonicalLanguageTag, LANGUAGE_CODE_MAX, suggestLanguages } from "@nativ/contracts"

export const CODE_TOO_LONG = `The code can be at most ${LANGUAGE_CODE_MAX} characters`
export const CODE_MALFORMED =
  "Enter a language code such as FR, ES or PT-BR (letters, then an optional region after a hyphen)"
export const codeTaken = (code: string) => `${code} is already in your list`

/**
 * Why a typed code cannot be added, or null: beyond the spec's 5 characters, it must be a
 * well-formed language tag and not a code the company already has. A blank code is left to the
 * spec's own 'Please fill in both language name and code'.
 */
export function languageCodeProblem(typed: string, existingCodes: string[]): string | null {
  const code = typed.trim().toUpperCase()
  if (!code) return null
  if (code.length > LANGUAGE_CODE_MAX) return CODE_TOO_LONG
  if (!canonicalLanguageTag(code)) return CODE_MALFORMED
  if (existingCodes.some((existing) => existing.toUpperCase() === code)) return codeTaken(code)
  return null
}

export type LanguageSuggestion = { name: string; code: string }

/** CLDR's languages named like the typed text, each with the code the form would fill. */
export function languageSuggestions(typed: string, limit = 6): LanguageSuggestion[] {
  return suggestLanguages(typed, limit)
    .map(({ name, code }) => ({ name, code: code.toUpperCase() }))
    .filter(({ code }) => code.length <= LANGUAGE_CODE_MAX)
}
