/**
 * The messages between the plugin's two halves: the main code in Figma's sandbox (the document)
 * and the UI in its iframe (the network). The UI calls the main code's handlers by name; each
 * call is `{pluginMessage: {id, method, args}}` and answered `{id, ok, result | error}`, as
 * Figma carries messages (`parent.postMessage` / `figma.ui.postMessage`).
 */

export type Scope = { kind: "selection" | "page"; includeHidden: boolean }
export type Mode = "copies" | "in-place"
export type TargetLanguage = { name: string; code: string }

/** A layer the panel lists (with Select), and why it was left alone when it was. */
export type LayerRef = { id: string; name: string; reason?: string }

export type ScannedText = {
  id: string
  text: string
  /** The layer's character limit (plugin data), sent with its text. */
  maxCharacters: number | null
}

export type ScanResult = {
  fileId: string
  /** The texts to send: one per layer that can be changed. */
  texts: ScannedText[]
  /** The top-level frames (copies mode clones these), by name: part of the context. */
  frames: LayerRef[]
  locked: LayerRef[]
  missingFonts: LayerRef[]
  /** Layers inside main components: never changed in place (copies are fine). */
  mainComponents: LayerRef[]
  hiddenSkipped: number
}

export type OverflowItem = {
  id: string
  name: string
  code: string
  severity: "critical" | "warning"
  /** About how many characters fit: Shorten asks for this many. */
  fits: number
  /** The layer's source text (the original's, for a copy). */
  source: string
  text: string
}

export type ApplyRequest = {
  scope: Scope
  mode: Mode
  languages: TargetLanguage[]
  /** language code → translation key (see plugin-core's translationKey) → translation. */
  translations: Record<string, Record<string, string>>
}

export type ApplyResult = {
  changed: number
  copies: { id: string; name: string; code: string; created: boolean }[]
  missingFonts: LayerRef[]
  locked: LayerRef[]
  /** Mixed-style layers whose runs could not all be placed: they took the first run's style. */
  styleFallbacks: LayerRef[]
  overflows: OverflowItem[]
  fontsLoaded: number
}

/** An image fill in a copy: the image's hash and the layers of that copy that show it. */
export type ImageInCopy = { copyId: string; hash: string; nodeIds: string[] }

export type SelectionSummary = { frames: number; texts: number; page: string }

/** What the UI may ask of the main code. */
export type MainHandlers = {
  storageGet(key: string): Promise<string | undefined>
  storageSet(key: string, value: string): Promise<void>
  storageDelete(key: string): Promise<void>
  selection(): Promise<SelectionSummary>
  scan(scope: Scope): Promise<ScanResult>
  apply(request: ApplyRequest): Promise<ApplyResult>
  /** Writes one layer's text again (Shorten) and measures it: its overflow, if it still has one. */
  setText(id: string, code: string, source: string, text: string): Promise<OverflowItem | null>
  restore(scope: Scope): Promise<{ restored: number }>
  select(ids: string[]): Promise<void>
  /** The image fills of the given copies, one entry per copy and image. */
  images(copyIds: string[]): Promise<ImageInCopy[]>
  imageBytes(hash: string): Promise<Uint8Array>
  /** Puts new image bytes in place of `hash` in those layers' fills; answers how many changed. */
  replaceImage(nodeIds: string[], hash: string, bytes: Uint8Array): Promise<number>
  /** Stores a character limit on the selected text layers (null removes it). */
  setLimit(limit: number | null): Promise<{ layers: number }>
  openExternal(url: string): Promise<void>
}

export type MethodName = keyof MainHandlers
export type CallMessage = { id: number; method: MethodName; args: unknown[] }
export type ReplyMessage =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string }
export type EventMessage = { event: "selection"; selection: SelectionSummary }
export type MainToUi = ReplyMessage | EventMessage
