/** A layer's text as it is sent: its text, and its character limit if it has one. */
export type SourceText = { id: string; text: string; maxCharacters?: number | null }

/** The key a limited text's translation is stored under (its limit matters, not only its text). */
export const limitedKey = (text: string, maxCharacters: number) => `${maxCharacters}\u0000${text}`

/** Where a layer's translation is kept: its text, or its text with its limit when it has one. */
export const translationKey = (source: Pick<SourceText, "text" | "maxCharacters">) =>
  source.maxCharacters ? limitedKey(source.text, source.maxCharacters) : source.text
