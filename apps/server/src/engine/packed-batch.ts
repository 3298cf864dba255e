import { countCharacters } from "@nativ/contracts"

import type { BatchItem, BatchText } from "./types"

/** How many texts share one model call: bounded so an answer stays well within output limits. */
export const PACKING = { maxItems: 20, maxCharacters: 8_000 }

/**
 * Consecutive indices of `texts` grouped into packs of at most `maxItems` texts and about
 * `maxCharacters` characters; a text longer than that on its own goes alone.
 */
export function packTexts(texts: readonly string[], limits = PACKING): number[][] {
  const packs: number[][] = []
  let pack: number[] = []
  let characters = 0
  texts.forEach((text, index) => {
    const length = countCharacters(text)
    if (
      pack.length &&
      (pack.length >= limits.maxItems || characters + length > limits.maxCharacters)
    ) {
      packs.push(pack)
      pack = []
      characters = 0
    }
    pack.push(index)
    characters += length
  })
  if (pack.length) packs.push(pack)
  return packs
}

/**
 * The texts of a packed answer by id: every text an id was given (more than one when the model
 * repeated it). Null when the answer is not a JSON array of `{id, text}` (a code fence around it,
 * or an object holding the array, is tolerated); entries of another shape are skipped.
 */
export function parsePackedAnswer(raw: string): Map<number, string[]> | null {
  const fenced = /^```[\w-]*\n([\s\S]*?)\n?```$/.exec(raw.trim())
  let value: unknown
  try {
    value = JSON.parse(fenced ? fenced[1]! : raw.trim())
  } catch {
    return null
  }
  if (value && typeof value === "object" && !Array.isArray(value))
    value = Object.values(value).find(Array.isArray)
  if (!Array.isArray(value)) return null
  const answers = new Map<number, string[]>()
  for (const entry of value as unknown[]) {
    if (!entry || typeof entry !== "object") continue
    const { id, text } = entry as { id?: unknown; text?: unknown }
    const key = typeof id === "string" && /^\d+$/.test(id) ? Number(id) : id
    if (typeof key !== "number" || !Number.isInteger(key) || typeof text !== "string") continue
    answers.set(key, [...(answers.get(key) ?? []), text])
  }
  return answers
}

export function batchItem(text: BatchText): BatchItem {
  return typeof text === "string" ? { text } : text
}

/** The context of one text sent alone: the shared context, then the note about that text. */
export function contextWithNote(context: string | undefined, note: string | undefined) {
  if (!note) return context
  return context ? `${context}\n\nAbout this text: ${note}` : note
}
