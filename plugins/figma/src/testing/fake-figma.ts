/**
 * An in-memory Figma host for the plugin's main code, written from @figma/plugin-typings and
 * Figma's plugin documentation (Figma itself cannot run here). It keeps the documented rules the
 * plugin must respect: `characters` and range styles cannot be set before their fonts are loaded
 * (`figma.loadFontAsync`), a layer with a missing font cannot be written, `fontName` reads
 * `figma.mixed` across runs, `clone()` copies a node with its plugin data under the current page,
 * text boxes grow or not by `textAutoResize`, and `commitUndo` marks undo steps. Each fake class
 * implements its Figma interface's members with their real signatures (the `implements` clauses);
 * fake-figma.test.ts checks that every host member the main code uses is implemented here.
 */

type Style = Pick<StyledTextSegment, "fontName" | "fontSize" | "fills" | "textDecoration">
type Container = FakeFrameNode | FakePageNode

export const DEFAULT_FONT: FontName = { family: "Inter", style: "Regular" }
const BLACK: Paint[] = [{ type: "SOLID", color: { r: 0, g: 0, b: 0 } }]
const fontKey = (font: FontName) => `${font.family} ${font.style}`

/** The text metrics of this host: each character 0.55 em wide, lines 1.25 em tall. */
export const METRICS = { charWidth: 0.55, lineHeight: 1.25 }

type NodeMember =
  | "id"
  | "name"
  | "visible"
  | "locked"
  | "x"
  | "y"
  | "width"
  | "height"
  | "resize"
  | "remove"
  | "removed"
  | "getPluginData"
  | "setPluginData"
  | "getPluginDataKeys"
  | "layoutSizingHorizontal"

abstract class FakeSceneNode implements Pick<FrameNode, NodeMember> {
  name: string
  layoutSizingHorizontal: FrameNode["layoutSizingHorizontal"] = "FIXED"
  visible = true
  locked = false
  x = 0
  y = 0
  protected w: number
  protected h: number
  parent: Container | null = null
  removed = false
  protected data = new Map<string, string>()

  constructor(
    readonly host: FakeFigma,
    readonly id: string,
    init: { name: string; width?: number; height?: number },
  ) {
    this.name = init.name
    this.w = init.width ?? 100
    this.h = init.height ?? 100
  }

  get width() {
    return this.w
  }
  get height() {
    return this.h
  }
  resize(width: number, height: number) {
    this.w = width
    this.h = height
  }

  getPluginData(key: string): string {
    return this.data.get(key) ?? ""
  }
  /** Figma removes the entry when it is set to the empty string. */
  setPluginData(key: string, value: string): void {
    if (value === "") this.data.delete(key)
    else this.data.set(key, value)
  }
  getPluginDataKeys(): string[] {
    return [...this.data.keys()]
  }

  remove(): void {
    this.parent?.detach(this)
    this.parent = null
    this.removed = true
    this.host.forget(this)
  }

  /** Copies this node's own fields into a fresh node (children and text are the subclasses'). */
  protected copyInto<T extends FakeSceneNode>(copy: T): T {
    copy.visible = this.visible
    copy.locked = this.locked
    copy.x = this.x
    copy.y = this.y
    copy.data = new Map(this.data)
    return copy
  }

  abstract clone(): FakeSceneNode
}

type TextMember =
  | "type"
  | "characters"
  | "fontName"
  | "fontSize"
  | "hasMissingFont"
  | "textAutoResize"
  | "textAlignHorizontal"
  | "getStyledTextSegments"
  | "setRangeFontName"
  | "setRangeFontSize"
  | "setRangeFills"
  | "setRangeTextDecoration"

export class FakeTextNode extends FakeSceneNode implements Pick<TextNode, TextMember> {
  readonly type = "TEXT"
  private text = ""
  private styles: Style[] = []
  private base: Style
  private resizing: TextNode["textAutoResize"]
  textAlignHorizontal: TextNode["textAlignHorizontal"] = "LEFT"
  /** Set by a test: the layer uses a font this machine lacks. */
  missingFont = false

  constructor(
    host: FakeFigma,
    id: string,
    init: {
      name?: string
      characters: string
      runs?: { length: number; style: Partial<Style> }[]
      fontName?: FontName
      fontSize?: number
      width?: number
      height?: number
      textAutoResize?: TextNode["textAutoResize"]
    },
  ) {
    super(host, id, { name: init.name ?? init.characters.slice(0, 40), ...init })
    this.base = {
      fontName: init.fontName ?? DEFAULT_FONT,
      fontSize: init.fontSize ?? 16,
      fills: BLACK,
      textDecoration: "NONE",
    }
    this.resizing = init.textAutoResize ?? "WIDTH_AND_HEIGHT"
    this.layoutSizingHorizontal = this.resizing === "WIDTH_AND_HEIGHT" ? "HUG" : "FIXED"
    this.text = init.characters
    this.styles = [...init.characters].map(() => this.base)
    let at = 0
    for (const run of init.runs ?? []) {
      for (let i = at; i < at + run.length; i++) this.styles[i] = { ...this.base, ...run.style }
      at += run.length
    }
    this.layout()
  }

  get hasMissingFont() {
    return this.missingFont
  }

  get characters() {
    return this.text
  }
  /** Figma: every font of the layer must be loaded first; the new text takes the first character's style. */
  set characters(value: string) {
    this.requireLoaded(this.fonts())
    const first = this.styles[0] ?? this.base
    this.text = value
    this.styles = Array.from(value, () => first)
    this.base = first
    this.layout()
  }

  get fontName(): FontName | PluginAPI["mixed"] {
    return this.uniform(
      (s) => fontKey(s.fontName),
      (s) => s.fontName,
    )
  }
  get fills(): readonly Paint[] | PluginAPI["mixed"] {
    return this.uniform(
      (s) => JSON.stringify(s.fills),
      (s) => s.fills,
    )
  }
  get fontSize(): number | PluginAPI["mixed"] {
    return this.uniform(
      (s) => String(s.fontSize),
      (s) => s.fontSize,
    )
  }

  get textAutoResize() {
    return this.resizing
  }
  set textAutoResize(value: TextNode["textAutoResize"]) {
    this.requireLoaded(this.fonts())
    this.resizing = value
    this.layout()
  }

  getStyledTextSegments<
    F extends (keyof Omit<StyledTextSegment, "characters" | "start" | "end">)[],
  >(
    fields: F,
    start = 0,
    end = this.text.length,
  ): Array<Pick<StyledTextSegment, F[number] | "characters" | "start" | "end">> {
    const key = (s: Style) =>
      JSON.stringify(fields.map((f) => (f in s ? s[f as keyof Style] : null)))
    const segments: Record<string, unknown>[] = []
    for (let i = start; i < end; i++) {
      const style = this.styles[i] ?? this.base
      const last = segments.at(-1)
      if (last && last.key === key(style)) {
        last.end = i + 1
        continue
      }
      const segment: Record<string, unknown> = { key: key(style), start: i, end: i + 1 }
      for (const field of fields) if (field in style) segment[field] = style[field as keyof Style]
      segments.push(segment)
    }
    return segments.map(({ key: _, ...segment }) => ({
      ...segment,
      characters: this.text.slice(segment.start as number, segment.end as number),
    })) as never
  }

  setRangeFontName(start: number, end: number, value: FontName): void {
    this.requireLoaded([value, ...this.fonts(start, end)])
    this.restyle(start, end, { fontName: value })
  }
  setRangeFontSize(start: number, end: number, value: number): void {
    this.requireLoaded(this.fonts(start, end))
    this.restyle(start, end, { fontSize: value })
  }
  setRangeFills(start: number, end: number, value: Paint[]): void {
    this.restyle(start, end, { fills: value })
  }
  setRangeTextDecoration(start: number, end: number, value: TextDecoration): void {
    this.requireLoaded(this.fonts(start, end))
    this.restyle(start, end, { textDecoration: value })
  }

  override resize(width: number, height: number) {
    super.resize(width, height)
    this.layout()
  }

  clone(): FakeTextNode {
    const copy = new FakeTextNode(this.host, this.host.nextId(), {
      name: this.name,
      characters: this.text,
      width: this.w,
      height: this.h,
      textAutoResize: this.resizing,
    })
    copy.styles = [...this.styles]
    copy.base = this.base
    copy.missingFont = this.missingFont
    copy.textAlignHorizontal = this.textAlignHorizontal
    this.host.currentPage.appendChild(this.copyInto(copy))
    return copy
  }

  private fonts(start = 0, end = this.text.length) {
    const styles = this.styles.slice(start, end)
    return (styles.length ? styles : [this.styles[0] ?? this.base]).map((s) => s.fontName)
  }

  private requireLoaded(fonts: FontName[]) {
    if (this.missingFont)
      throw new Error(`in set_characters: Cannot write to node with a missing font`)
    for (const font of fonts)
      if (!this.host.isLoaded(font))
        throw new Error(
          `in set_characters: Cannot write to node with unloaded font "${fontKey(font)}". Please call figma.loadFontAsync({ family: "${font.family}", style: "${font.style}" }) and await the returned promise first.`,
        )
  }

  private restyle(start: number, end: number, change: Partial<Style>) {
    if (start < 0 || end > this.text.length || start > end)
      throw new Error(`Range ${start}–${end} is outside the text (length ${this.text.length})`)
    for (let i = start; i < end; i++)
      this.styles[i] = { ...(this.styles[i] ?? this.base), ...change }
    this.layout()
  }

  private uniform<T>(key: (s: Style) => string, value: (s: Style) => T): T | PluginAPI["mixed"] {
    const styles = this.styles.length ? this.styles : [this.base]
    const first = key(styles[0]!)
    return styles.every((s) => key(s) === first) ? value(styles[0]!) : this.host.mixed
  }

  /** Figma's auto-resize: WIDTH_AND_HEIGHT fits the text, HEIGHT wraps at the width, others keep the box. */
  private layout() {
    const size = Math.max(
      ...(this.styles.length ? this.styles : [this.base]).map((s) => s.fontSize),
    )
    const charWidth = size * METRICS.charWidth
    const lineHeight = size * METRICS.lineHeight
    const paragraphs = this.text.split("\n")
    if (this.resizing === "WIDTH_AND_HEIGHT") {
      this.w = Math.max(...paragraphs.map((p) => [...p].length)) * charWidth
      this.h = paragraphs.length * lineHeight
    } else if (this.resizing === "HEIGHT") {
      const perLine = Math.max(1, Math.floor(this.w / charWidth))
      const lines = paragraphs.reduce(
        (n, p) => n + Math.max(1, Math.ceil([...p].length / perLine)),
        0,
      )
      this.h = lines * lineHeight
    }
  }
}

type FrameMember = "layoutMode" | "layoutSizingHorizontal" | "paddingLeft" | "paddingRight"

export class FakeFrameNode extends FakeSceneNode implements Pick<FrameNode, FrameMember> {
  readonly children: FakeSceneNode[] = []
  fills: Paint[] = []
  layoutMode: FrameNode["layoutMode"] = "NONE"
  paddingLeft = 0
  paddingRight = 0

  constructor(
    host: FakeFigma,
    id: string,
    readonly type: "FRAME" | "GROUP" | "SECTION" | "COMPONENT" | "INSTANCE",
    init: { name: string; width?: number; height?: number },
  ) {
    super(host, id, init)
  }

  appendChild(child: FakeSceneNode) {
    child.parent?.detach(child)
    child.parent = this
    this.children.push(child)
  }

  detach(child: FakeSceneNode) {
    const at = this.children.indexOf(child)
    if (at >= 0) this.children.splice(at, 1)
  }

  clone(): FakeFrameNode {
    const copy = new FakeFrameNode(this.host, this.host.nextId(), this.type, {
      name: this.name,
      width: this.w,
      height: this.h,
    })
    copy.fills = [...this.fills]
    copy.layoutMode = this.layoutMode
    copy.layoutSizingHorizontal = this.layoutSizingHorizontal
    copy.paddingLeft = this.paddingLeft
    copy.paddingRight = this.paddingRight
    for (const child of this.children) copy.appendChild(child.clone())
    this.host.currentPage.appendChild(this.copyInto(copy))
    return copy
  }
}

/** A rectangle: a shape whose fills may hold an image (how Figma places pictures). */
export class FakeRectangleNode
  extends FakeSceneNode
  implements Pick<RectangleNode, "type" | "fills">
{
  readonly type = "RECTANGLE"
  fills: Paint[] = []

  clone(): FakeRectangleNode {
    const copy = new FakeRectangleNode(this.host, this.host.nextId(), {
      name: this.name,
      width: this.w,
      height: this.h,
    })
    copy.fills = [...this.fills]
    this.host.currentPage.appendChild(this.copyInto(copy))
    return copy
  }
}

/** An image as Figma keeps it: its bytes under a hash of them. */
class FakeImage implements Pick<Image, "hash" | "getBytesAsync"> {
  constructor(
    readonly hash: string,
    private readonly bytes: Uint8Array,
  ) {}
  async getBytesAsync() {
    return new Uint8Array(this.bytes)
  }
}

export class FakePageNode implements Pick<PageNode, "id" | "name" | "type"> {
  readonly type = "PAGE"
  readonly children: FakeSceneNode[] = []
  parent: FakeDocumentNode | null = null
  private chosen: FakeSceneNode[] = []
  private data = new Map<string, string>()

  constructor(
    readonly id: string,
    public name: string,
  ) {}

  get selection(): FakeSceneNode[] {
    return this.chosen.filter((node) => !node.removed)
  }
  /** Figma: the selection may only hold this page's nodes. */
  set selection(nodes: FakeSceneNode[]) {
    for (const node of nodes) {
      let up: Container | null = node.parent
      while (up && up.type !== "PAGE") up = up.parent
      if (up !== this) throw new Error("Cannot select a node that is not on the current page")
    }
    this.chosen = [...nodes]
  }

  appendChild(child: FakeSceneNode) {
    child.parent?.detach(child)
    child.parent = this
    this.children.push(child)
  }

  detach(child: FakeSceneNode) {
    const at = this.children.indexOf(child)
    if (at >= 0) this.children.splice(at, 1)
  }

  getPluginData(key: string): string {
    return this.data.get(key) ?? ""
  }
  setPluginData(key: string, value: string) {
    if (value === "") this.data.delete(key)
    else this.data.set(key, value)
  }

  /** Figma refuses to remove a file's only page. */
  remove(): void {
    throw new Error("Cannot remove the last page of a document")
  }
}

class FakeDocumentNode implements Pick<
  DocumentNode,
  "getPluginData" | "setPluginData" | "name" | "type" | "id" | "parent"
> {
  readonly type = "DOCUMENT"
  readonly id = "0:0"
  readonly parent = null
  readonly children: FakePageNode[] = []
  private data = new Map<string, string>()
  constructor(public name: string) {}
  getPluginData(key: string) {
    return this.data.get(key) ?? ""
  }
  setPluginData(key: string, value: string) {
    if (value === "") this.data.delete(key)
    else this.data.set(key, value)
  }
  appendChild(page: FakePageNode) {
    page.parent = this
    this.children.push(page)
  }
  /** Figma: the document node cannot be removed. */
  remove(): void {
    throw new Error("Cannot remove the document")
  }
}

class FakeClientStorage implements Pick<ClientStorageAPI, "getAsync" | "setAsync" | "deleteAsync"> {
  readonly values = new Map<string, unknown>()
  async getAsync(key: string) {
    return structuredClone(this.values.get(key))
  }
  async setAsync(key: string, value: unknown) {
    this.values.set(key, structuredClone(value))
  }
  async deleteAsync(key: string) {
    this.values.delete(key)
  }
}

type MessageHandler = (message: unknown) => void

class FakeUI implements Pick<UIAPI, "postMessage"> {
  onmessage: MessageHandler | undefined
  /** Messages the main code sent, and who else hears them (the test's or harness's UI side). */
  readonly sent: unknown[] = []
  readonly listeners = new Set<MessageHandler>()
  visible = false

  postMessage(message: unknown): void {
    // Figma delivers messages asynchronously and structured-cloned.
    const copy = structuredClone(message)
    this.sent.push(copy)
    for (const listener of this.listeners) queueMicrotask(() => listener(copy))
  }

  /** What the UI's `parent.postMessage({pluginMessage}, "*")` becomes on the main side. */
  deliver(message: unknown) {
    this.onmessage?.(structuredClone(message))
  }
}

/** The fake `figma` global. Fonts in `availableFonts` load; others fail as uninstalled fonts do. */
export class FakeFigma implements Pick<
  PluginAPI,
  "mixed" | "fileKey" | "loadFontAsync" | "commitUndo" | "openExternal" | "notify"
> {
  readonly mixed: PluginAPI["mixed"] = Symbol("figma.mixed") as unknown as PluginAPI["mixed"]
  fileKey: string | undefined = "FAKEFILEKEY123"
  readonly root = new FakeDocumentNode("Untitled")
  readonly currentPage: FakePageNode
  readonly clientStorage = new FakeClientStorage()
  readonly ui = new FakeUI()
  readonly viewport = {
    zoomedInto: [] as FakeSceneNode[],
    scrollAndZoomIntoView: (nodes: FakeSceneNode[]) => void this.viewport.zoomedInto.push(...nodes),
  }
  readonly availableFonts = new Set<string>([fontKey(DEFAULT_FONT), "Inter Bold", "Inter Italic"])
  /** Every loadFontAsync call, in order: a test checks each font is loaded once. */
  readonly fontLoads: string[] = []
  readonly opened: string[] = []
  readonly notices: string[] = []
  undoSteps = 0
  showUIOptions: ShowUIOptions | undefined
  private loaded = new Set<string>()
  private readonly images = new Map<string, FakeImage>()
  private ids = 1
  private nodes = new Map<string, FakeSceneNode>()
  private handlers = new Map<string, Set<() => void>>()

  constructor() {
    this.currentPage = new FakePageNode("0:1", "Page 1")
    this.root.appendChild(this.currentPage)
  }

  nextId() {
    return `1:${this.ids++}`
  }

  /** Builds a text layer (not yet placed): `frame(…, [text(…)])` or `page.appendChild`. */
  text(init: ConstructorParameters<typeof FakeTextNode>[2]) {
    return this.track(new FakeTextNode(this, this.nextId(), init))
  }

  frame(
    init: {
      name: string
      x?: number
      y?: number
      width?: number
      height?: number
      type?: FakeFrameNode["type"]
    },
    children: FakeSceneNode[] = [],
  ) {
    const frame = this.track(new FakeFrameNode(this, this.nextId(), init.type ?? "FRAME", init))
    frame.x = init.x ?? 0
    frame.y = init.y ?? 0
    for (const child of children) frame.appendChild(child)
    return frame
  }

  /** A rectangle filled with an image made of `bytes`. */
  rectangle(init: { name: string; width?: number; height?: number }, bytes: Uint8Array) {
    const node = this.track(new FakeRectangleNode(this, this.nextId(), init))
    node.fills = [{ type: "IMAGE", scaleMode: "FILL", imageHash: this.createImage(bytes).hash }]
    return node
  }

  /** Figma: an image is kept once per content, under a hash of its bytes. */
  createImage(data: Uint8Array): FakeImage {
    let hash = 2166136261
    for (const byte of data) hash = Math.imul(hash ^ byte, 16777619) >>> 0
    const key = `${hash.toString(16)}${data.length.toString(16)}`
    if (!this.images.has(key)) this.images.set(key, new FakeImage(key, new Uint8Array(data)))
    return this.images.get(key)!
  }

  getImageByHash(hash: string): FakeImage | null {
    return this.images.get(hash) ?? null
  }

  /** Places nodes on the page. */
  place(...nodes: FakeSceneNode[]) {
    for (const node of nodes) this.currentPage.appendChild(node)
    return nodes
  }

  private track<T extends FakeSceneNode>(node: T) {
    this.nodes.set(node.id, node)
    return node
  }

  forget(node: FakeSceneNode) {
    this.nodes.delete(node.id)
  }

  isLoaded(font: FontName) {
    return this.loaded.has(fontKey(font))
  }

  async loadFontAsync(fontName: FontName): Promise<void> {
    const key = fontKey(fontName)
    this.fontLoads.push(key)
    if (!this.availableFonts.has(key)) throw new Error(`The font "${key}" could not be loaded`)
    this.loaded.add(key)
  }

  async getNodeByIdAsync(id: string): Promise<FakeSceneNode | null> {
    const node = this.nodes.get(id)
    if (node) return node
    // Clones are made by the nodes themselves: find them on the page.
    const visit = (list: FakeSceneNode[]): FakeSceneNode | null => {
      for (const n of list) {
        if (n.id === id) return n
        if (n instanceof FakeFrameNode) {
          const found = visit(n.children)
          if (found) return found
        }
      }
      return null
    }
    return visit(this.currentPage.children)
  }

  commitUndo(): void {
    this.undoSteps++
  }

  openExternal(url: string): void {
    this.opened.push(url)
  }

  notify(message: string): NotificationHandler {
    this.notices.push(message)
    return { cancel: () => {} }
  }

  showUI(_html: string, options?: ShowUIOptions) {
    this.showUIOptions = options
    this.ui.visible = true
  }

  on(type: string, callback: () => void) {
    if (!this.handlers.has(type)) this.handlers.set(type, new Set())
    this.handlers.get(type)!.add(callback)
  }

  /** Fires a host event, e.g. `selectionchange`. */
  emit(type: string) {
    for (const callback of this.handlers.get(type) ?? []) callback()
  }

  /** This fake as the plugin's code sees the host. */
  get api(): PluginAPI {
    return this as unknown as PluginAPI
  }
}
