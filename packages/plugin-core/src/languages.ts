/** Languages written right to left: their copies get right-aligned text. */
const RIGHT_TO_LEFT = new Set(["ar", "he", "iw", "fa", "ur", "ps", "sd", "ug", "yi", "dv", "ckb"])

/** Whether a language code (`AR`, `he-IL`, `fa`) names a right-to-left language. */
export function isRightToLeft(code: string): boolean {
  return RIGHT_TO_LEFT.has(code.toLowerCase().split(/[-_]/)[0] ?? "")
}
