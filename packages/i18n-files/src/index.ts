export * from "./types"
export { decodeFile } from "./decode"
export { detectFormat } from "./detect"
export type { ParseFileOptions } from "./formats"
export { handlerFor, HANDLERS, parseFile, renderFile } from "./formats"
export { withFoldedForms } from "./formats/po-plural-forms"
export type { IcuMessage } from "./icu"
export { escapeIcuLiteral, icuArguments, isIcuMessage, parseIcu, tryParseIcu } from "./icu"
export type { PlaceholderMismatch, ProtectedKind, ProtectedToken } from "./placeholders"
export {
  comparePlaceholders,
  countPlaceholders,
  describePlaceholderMismatch,
  findProtectedTokens,
} from "./placeholders"
export type { PluralType } from "./plurals"
export { isPluralCategory, pluralCategories, pluralFormsFor, unitPluralCategories } from "./plurals"
export type { Segment, Violation } from "./segments"
export {
  assembleTranslation,
  checkTranslation,
  hasWords,
  segmentNote,
  unitSegments,
} from "./segments"
