/** The plugin data keys Nativ writes on nodes (only this plugin reads them). */
export const KEY = {
  /** On a copy: the id of the frame it was made from, and its language code. */
  copyOf: "nativ.copyOf",
  copyLanguage: "nativ.language",
  /** On a text layer of a copy: the id of the original layer it translates. */
  source: "nativ.source",
  /** On a text changed in place: its original text and styles (JSON), for Restore original. */
  original: "nativ.original",
  /** On a text layer: the character limit sent with its text. */
  maxCharacters: "nativ.maxCharacters",
  /** On the document: the file's id when Figma gives no file key. */
  fileId: "nativ.fileId",
} as const
