import type { Culture } from "./cultures"
import type { Piece } from "./pieces"

const NBSP = "\u00A0"
const NARROW_NBSP = "\u202F"

/**
 * Double quotation marks in the culture's style: "…" and “…” → „…“ (de), « … » (fr), 「…」 (ja).
 * Straight quotes are paired left to right, and only when they pair up; single quotes are left
 * alone (they double as apostrophes). A quote escaped with a backslash (`\"`, as in PO, JSON or C
 * strings sent as written) is part of the file's syntax, not a quotation mark: it is neither
 * changed nor counted.
 */
export function adaptQuotes(pieces: Piece[], culture: Culture): Piece[] {
  const [open, close] = culture.quotes
  let straight = 0
  mapQuotes(pieces, (mark, escaped) => {
    if (mark === '"' && !escaped) straight++
    return mark
  })
  let inside = false
  return mapQuotes(pieces, (mark, escaped) => {
    if (escaped) return mark
    if (mark === "“") return open
    if (mark === "”") return close
    if (straight % 2 !== 0) return mark
    inside = !inside
    return inside ? open : close
  })
}

/** Replaces each double quote of the free pieces, telling whether a backslash escapes it. */
function mapQuotes(pieces: Piece[], replace: (mark: string, escaped: boolean) => string): Piece[] {
  let trailingSlashes = 0
  return pieces.map((piece) => {
    // A piece that starts with a quote may be escaped by backslashes ending the one before.
    const carried = trailingSlashes
    trailingSlashes = /\\*$/.exec(piece.text)![0].length
    if (piece.text.length === trailingSlashes) trailingSlashes += carried
    if (piece.fixed) return piece
    const text = piece.text.replace(
      /(\\*)(["“”])/g,
      (_match, slashes: string, mark: string, offset: number) => {
        const run = slashes.length + (offset === 0 ? carried : 0)
        return slashes + replace(mark, run % 2 === 1)
      },
    )
    return { text, fixed: false }
  })
}

/**
 * French spacing: a no-break space before : and a narrow one before ; ! ? (after a word, a number or
 * a closing mark, when the sign ends a clause), replacing an ordinary space there. "15:30", "3:1"
 * and "?!" runs are left as they are.
 */
export function adaptFrenchSpacing(pieces: Piece[], culture: Culture): Piece[] {
  if (!culture.frenchSpacing) return pieces
  return pieces.map((piece, index) => {
    if (piece.fixed) return piece
    const before = pieces[index - 1]?.text.at(-1)
    const after = pieces[index + 1]?.text[0]
    const text = piece.text.replace(
      /( ?)([;:!?]+)/g,
      (match, _space: string, marks: string, offset: number) => {
        const previous = offset > 0 ? piece.text[offset - 1] : before
        const next = piece.text[offset + match.length] ?? after
        const endsClause =
          next === undefined ||
          /\s/.test(next) ||
          (marks[0] !== ":" && marks[0] !== ";" && /["»”’).,]/.test(next))
        if (!previous || /\s/.test(previous) || !endsClause) return match
        return (marks[0] === ":" ? NBSP : NARROW_NBSP) + marks
      },
    )
    return { text, fixed: false }
  })
}
