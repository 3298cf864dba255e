import { findProtectedTokens } from "@nativ/i18n-files/placeholders"

/** The pseudo-locale's code and name, as the plugins show it (never sent to the server). */
export const PSEUDO_LOCALE = { code: "qps-ploc", name: "Pseudo-locale" } as const

/** How much longer a pseudo-localized text gets: translations into German or French often do. */
export const PSEUDO_EXPANSION = 0.35

const ACCENTED: Record<string, string> = Object.fromEntries(
  [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((ch, i) => [
    ch,
    [..."àƀçđéƒĝĥíĵķĺɱñöþǫŕšţûṽŵẋýžÀßÇĐÉƑĜĤÍĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"][i]!,
  ]),
)
const PADDING = "~"

/**
 * A pseudo-localized text, free and offline: every letter accented (so untranslatable,
 * hard-coded strings stand out), 35 % longer (so overflow shows before anyone pays), wrapped in
 * brackets (so clipped ends are seen), with placeholders, tags and links kept exactly.
 */
export function pseudoLocalize(text: string): string {
  if (!text.trim()) return text
  let out = ""
  let at = 0
  for (const token of findProtectedTokens(text)) {
    const part = accent(text.slice(at, token.start))
    out += part + token.text
    at = token.end
  }
  out += accent(text.slice(at))
  // The brackets and the space count toward the 35 %; a short text still gets all three.
  const added = Math.max(3, Math.round([...text].length * PSEUDO_EXPANSION))
  return `[${out} ${PADDING.repeat(added - 3)}]`
}

const accent = (text: string) => [...text].map((ch) => ACCENTED[ch] ?? ch).join("")
