/**
 * The stored glossaries that fit a target language: those made for exactly that language code
 * (FR is not FR-CA), plus any with no language, which fit every one. With no language chosen, only
 * those with no language fit.
 */
export function glossariesForLanguage<G extends { language_code: string | null }>(
  glossaries: readonly G[],
  languageCode: string | null,
): G[] {
  const wanted = languageCode?.trim().toUpperCase() || null
  return glossaries.filter((g) => {
    const code = g.language_code?.trim().toUpperCase() || null
    return code === null || code === wanted
  })
}
