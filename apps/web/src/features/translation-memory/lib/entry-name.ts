import type { TmEntry } from "@nativ/contracts"

/** An entry named by its source text, cut to fit a button's label or a dialog's sentence. */
export function entryName(entry: Pick<TmEntry, "source_text">, max = 40) {
  const text = entry.source_text.replace(/\s+/g, " ")
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}
