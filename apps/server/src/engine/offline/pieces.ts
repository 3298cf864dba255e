import { findProtectedTokens } from "../protected-tokens"

/**
 * The text as a sequence of pieces. Fixed pieces are never touched again: protected tokens from the
 * start, and every replacement once made (so "8,5 km" is not reformatted as a number later).
 */
export type Piece = { text: string; fixed: boolean }

export function splitProtected(text: string): Piece[] {
  const pieces: Piece[] = []
  let at = 0
  for (const token of findProtectedTokens(text)) {
    if (token.start > at) pieces.push({ text: text.slice(at, token.start), fixed: false })
    pieces.push({ text: token.text, fixed: true })
    at = token.end
  }
  if (at < text.length) pieces.push({ text: text.slice(at), fixed: false })
  return pieces
}

/**
 * Runs a global regular expression over the free pieces; each match whose replacer returns a
 * string becomes a fixed piece (return the match itself to shield it from later passes).
 */
export function replaceFree(
  pieces: Piece[],
  pattern: RegExp,
  replace: (match: RegExpExecArray) => string | undefined,
): Piece[] {
  const out: Piece[] = []
  for (const piece of pieces) {
    if (piece.fixed) {
      out.push(piece)
      continue
    }
    let at = 0
    for (const match of piece.text.matchAll(pattern)) {
      const replacement = replace(match)
      if (replacement === undefined) continue
      if (match.index > at) out.push({ text: piece.text.slice(at, match.index), fixed: false })
      out.push({ text: replacement, fixed: true })
      at = match.index + match[0].length
      // an abbreviation's period ("2025 г.", "km/godz.") also ends the sentence: no double period
      if (replacement.endsWith(".") && piece.text[at] === ".") at++
    }
    if (at < piece.text.length) out.push({ text: piece.text.slice(at), fixed: false })
  }
  return out
}

export function joinPieces(pieces: Piece[]): string {
  return pieces.map((p) => p.text).join("")
}
