import type { Culture } from "./cultures"
import type { Piece } from "./pieces"

const NBSP = "\u00A0"
const NARROW_NBSP = "\u202F"

/**
 * Double quotation marks in the culture's style: "…" and “…” → „…“ (de), « … » (fr), 「…」 (ja).
 * Straight quotes are paired left to right, and only when they pair up; single quotes are left
 * alone (they double as apostrophes).
 */
export function adaptQuotes(pieces: Piece[], culture: Culture): Piece[] {
  const [open, close] = culture.quotes
  const straight = pieces.reduce((n, p) => (p.fixed ? n : n + (p.text.split('"').length - 1)), 0)
  let inside = false
  return pieces.map((piece) => {
    if (piece.fixed) return piece
    const text = piece.text.replace(/["“”]/g, (mark) => {
      if (mark === "“") return open
      if (mark === "”") return close
      if (straight % 2 !== 0) return mark
      inside = !inside
      return inside ? open : close
    })
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
