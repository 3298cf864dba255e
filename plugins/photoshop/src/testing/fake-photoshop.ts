import type { LayerKind } from "photoshop/dom/Constants"
import type {
  ActionDescriptor,
  ExecuteAsModalOptions,
  ExecutionContext,
} from "photoshop/dom/CoreModules"

import type {
  Host,
  HostBounds,
  HostDocument,
  HostLayer,
  HostTextItem,
  PhotoshopModule,
  UxpModule,
} from "../main/host"

/*
 * An in-memory Photoshop for tests, written from Adobe's UXP documentation and typed against the
 * official typings (through ../main/host.ts). It reproduces what the plugin must respect:
 * - every change to a document (text, save, duplicate, opening a smart object) outside
 *   `core.executeAsModal` throws, as Photoshop 23+ does;
 * - a locked layer cannot be edited; a linked smart object's contents are not in the document;
 * - history: each change outside a suspension is its own state; `hostControl.suspendHistory` /
 *   `resumeHistory` fold everything in between into one named state (`undo()` steps back one);
 * - text geometry: point text grows with its text; paragraph text wraps in its box and what does
 *   not fit is clipped (the layer's bounds stop at the box, `textKey.boundingBox` does not);
 * - secure storage keeps bytes and refuses empty values.
 */

export type FakeLayerSpec =
  | {
      kind: "text"
      name: string
      text: string
      /** A paragraph text box (width × height, in pixels); point text when absent. */
      box?: { width: number; height: number }
      fontSize?: number
      visible?: boolean
      locked?: boolean
    }
  | { kind: "group"; name: string; layers: FakeLayerSpec[]; visible?: boolean }
  | {
      kind: "smartObject"
      name: string
      /** The embedded document's file name (e.g. "Badge.psb", "Logo.ai"). */
      fileReference: string
      linked?: boolean
      layers?: FakeLayerSpec[]
    }
  | { kind: "pixel"; name: string }

const MODAL_ERROR =
  "Event: set may modify the state of Photoshop. Such events are only allowed from inside a modal scope"

const KIND = {
  text: "text" as LayerKind.TEXT,
  group: "group" as LayerKind.GROUP,
  smartObject: "smartObject" as LayerKind.SMARTOBJECT,
  pixel: "pixel" as LayerKind.NORMAL,
}

type Snapshot = Map<number, string>

class FakeBounds implements HostBounds {
  constructor(
    readonly left: number,
    readonly top: number,
    readonly right: number,
    readonly bottom: number,
  ) {}
  get width() {
    return this.right - this.left
  }
  get height() {
    return this.bottom - this.top
  }
}

class FakeTextItem implements HostTextItem {
  constructor(private readonly layer: FakeLayer) {}

  get contents() {
    if (this.layer.spec.kind !== "text") throw new Error("The layer is not a text layer")
    return this.layer.text
  }

  set contents(value: string) {
    const { layer } = this
    if (layer.spec.kind !== "text") throw new Error("The layer is not a text layer")
    layer.document.host.requireModal()
    if (layer.allLocked)
      throw new Error("Could not complete your request because the layer is locked.")
    layer.document.change("Edit Type Layer", () => {
      layer.text = value
    })
  }

  get isParagraphText() {
    return this.layer.spec.kind === "text" && this.layer.spec.box !== undefined
  }
}

export class FakeLayer implements HostLayer {
  readonly id: number
  readonly name: string
  readonly kind: LayerKind
  readonly visible: boolean
  readonly allLocked: boolean
  readonly layers: FakeLayer[] | null
  readonly textItem: HostTextItem
  readonly spec: FakeLayerSpec
  text: string
  /** For smart objects: the contents, as the embedded document's layers. */
  contents: FakeLayerSpec[] | null

  constructor(
    readonly document: FakeDocument,
    spec: FakeLayerSpec,
    private readonly origin = { x: 10, y: 10 },
  ) {
    this.spec = spec
    this.id = document.host.nextId()
    this.name = spec.name
    this.kind = KIND[spec.kind]
    this.visible = "visible" in spec ? spec.visible !== false : true
    this.allLocked = spec.kind === "text" ? spec.locked === true : false
    this.layers =
      spec.kind === "group" ? spec.layers.map((child) => new FakeLayer(document, child)) : null
    this.text = spec.kind === "text" ? spec.text : ""
    this.contents = spec.kind === "smartObject" ? (spec.layers ?? []) : null
    this.textItem = new FakeTextItem(this)
  }

  private get fontSize() {
    return this.spec.kind === "text" ? (this.spec.fontSize ?? 20) : 20
  }

  /** Every glyph's extent, unclipped: point text on one line, paragraph text wrapped in its box. */
  textExtent() {
    const charWidth = this.fontSize * 0.5
    const lineHeight = this.fontSize * 1.2
    const width = [...this.text].length * charWidth
    if (this.spec.kind !== "text" || !this.spec.box) return { width, height: lineHeight, box: null }
    const { box } = this.spec
    const perLine = Math.max(1, Math.floor(box.width / charWidth))
    const lines = Math.max(1, Math.ceil([...this.text].length / perLine))
    return { width: Math.min(width, box.width), height: lines * lineHeight, box }
  }

  get boundsNoEffects(): HostBounds {
    const { x, y } = this.origin
    const { width, height, box } = this.textExtent()
    if (this.spec.kind !== "text") return new FakeBounds(x, y, x + 200, y + 100)
    // Photoshop draws no glyph outside a paragraph box.
    const shown = box ? Math.min(height, box.height) : height
    return new FakeBounds(x, y, x + width, y + shown)
  }

  /** The layer and everything below it, depth first. */
  *walk(): Generator<FakeLayer> {
    yield this
    for (const child of this.layers ?? []) yield* child.walk()
  }

  /** The layer as a spec again, with its current text (what a save writes). */
  toSpec(): FakeLayerSpec {
    if (this.spec.kind === "text") return { ...this.spec, text: this.text }
    if (this.spec.kind === "group")
      return { ...this.spec, layers: (this.layers ?? []).map((l) => l.toSpec()) }
    if (this.spec.kind === "smartObject") return { ...this.spec, layers: this.contents ?? [] }
    return { ...this.spec }
  }
}

export class FakeDocument implements HostDocument {
  readonly id: number
  readonly layers: FakeLayer[]
  /** History panel: one entry per state, oldest first. */
  readonly history: { name: string; before: Snapshot }[] = []
  closed = false
  selection: FakeLayer[] = []
  private suspension: { name: string; before: Snapshot } | null = null
  /** Where `save()` writes back to, for an opened smart object's contents. */
  savesInto: FakeLayer | null = null

  constructor(
    readonly host: FakePhotoshop,
    public name: string,
    public path: string,
    specs: FakeLayerSpec[],
    readonly width = 1200,
  ) {
    this.id = host.nextId()
    this.layers = specs.map((spec, i) => new FakeLayer(this, spec, { x: 10, y: 10 + i * 60 }))
  }

  get activeLayers() {
    return this.selection
  }

  /** Every layer, depth first. */
  allLayers(): FakeLayer[] {
    return this.layers.flatMap((layer) => [...layer.walk()])
  }

  /** Texts by layer name, for assertions. */
  texts(): Record<string, string> {
    const texts: Record<string, string> = {}
    for (const layer of this.allLayers())
      if (layer.spec.kind === "text") texts[layer.name] = layer.text
    return texts
  }

  layerNamed(name: string): FakeLayer {
    const found = this.allLayers().find((layer) => layer.name === name)
    if (!found) throw new Error(`No layer named ${name}`)
    return found
  }

  private snapshot(): Snapshot {
    return new Map(this.allLayers().map((layer) => [layer.id, layer.text]))
  }

  change(stateName: string, apply: () => void) {
    if (this.closed) throw new Error("The document is closed")
    if (!this.suspension) this.history.push({ name: stateName, before: this.snapshot() })
    apply()
  }

  suspend(name: string) {
    if (this.suspension) throw new Error("History is already suspended for this document")
    this.suspension = { name, before: this.snapshot() }
  }

  resume(commit: boolean, finalName?: string) {
    const suspension = this.suspension
    if (!suspension) throw new Error("History is not suspended for this document")
    this.suspension = null
    if (commit) this.history.push({ name: finalName ?? suspension.name, before: suspension.before })
    else this.restore(suspension.before)
  }

  /** Edit → Undo: back to the state before the last history state. */
  undo() {
    const last = this.history.pop()
    if (last) this.restore(last.before)
  }

  private restore(snapshot: Snapshot) {
    for (const layer of this.allLayers()) {
      const text = snapshot.get(layer.id)
      if (text !== undefined) layer.text = text
    }
  }

  async duplicate(name?: string): Promise<FakeDocument> {
    this.host.requireModal()
    const copy = new FakeDocument(
      this.host,
      name ?? `${this.name} copy`,
      "",
      this.layers.map((layer) => layer.toSpec()),
      this.width,
    )
    this.host.open(copy)
    return copy
  }

  async save(): Promise<void> {
    this.host.requireModal()
    if (this.savesInto) this.savesInto.contents = this.layers.map((layer) => layer.toSpec())
    else if (!this.path) throw new Error("The document has never been saved; use saveAs")
    else this.host.files.set(this.path, this.texts())
  }

  readonly saveAs = {
    psd: async (entry: File, _options?: unknown, asCopy?: boolean): Promise<void> => {
      this.host.requireModal()
      const { nativePath } = entry as unknown as FakeEntry
      this.host.files.set(nativePath, this.texts())
      if (!asCopy) {
        this.path = nativePath
        this.name = nativePath.split("/").pop() ?? nativePath
      }
    },
  }

  closeWithoutSaving(): void {
    this.closed = true
    this.host.close(this)
  }
}

type FakeEntry = { nativePath: string; name: string; isFile: true }

export type FakePhotoshopOptions = {
  /** The server the plugin's manifest.json names (as the server's zip writes it). */
  serverUrl?: string
  /** The open document (the active one); none when absent. */
  document?: { name: string; path?: string; layers: FakeLayerSpec[]; width?: number }
}

/** Photoshop with UXP, in memory. `host` is what `loadHost()` returns inside Photoshop. */
export class FakePhotoshop {
  private lastId = 0
  private modalDepth = 0
  readonly documents: FakeDocument[] = []
  activeDocument: FakeDocument | null = null
  /** Files written by saves, by path: their text layers' texts. */
  readonly files = new Map<string, Record<string, string>>()
  readonly openedUrls: string[] = []
  readonly secureItems = new Map<string, Uint8Array>()
  readonly modalCommands: string[] = []
  /** Every batchPlay descriptor played, in order. */
  readonly played: ActionDescriptor[] = []

  /** The plugin's own folder: file name → text. */
  readonly pluginFiles: Record<string, string> = {}

  constructor(options: FakePhotoshopOptions = {}) {
    if (options.serverUrl)
      this.pluginFiles["manifest.json"] = JSON.stringify({
        manifestVersion: 5,
        requiredPermissions: { network: { domains: [options.serverUrl] } },
      })
    if (options.document) {
      const { name, path = "", layers, width } = options.document
      this.open(new FakeDocument(this, name, path, layers, width))
    }
  }

  nextId() {
    return ++this.lastId
  }

  get document(): FakeDocument {
    if (!this.activeDocument) throw new Error("No document is open")
    return this.activeDocument
  }

  requireModal() {
    if (this.modalDepth === 0) throw new Error(MODAL_ERROR)
  }

  open(document: FakeDocument) {
    this.documents.push(document)
    this.activeDocument = document
  }

  close(document: FakeDocument) {
    this.documents.splice(this.documents.indexOf(document), 1)
    if (this.activeDocument === document) this.activeDocument = this.documents.at(-1) ?? null
  }

  private findLayer(id: unknown): FakeLayer {
    for (const document of this.documents)
      for (const layer of document.allLayers()) if (layer.id === id) return layer
    throw new Error(`The object “layer ${String(id)}” is not currently available.`)
  }

  private layerOf(descriptor: ActionDescriptor): FakeLayer {
    const target = (descriptor._target ?? []) as { _ref?: string; _id?: number }[]
    const ref = target.find((part) => part._ref === "layer")
    return this.findLayer(ref?._id ?? descriptor.layerID)
  }

  /** batchPlay's descriptors this host understands; anything else fails as Photoshop does. */
  private readonly commands: Record<string, (d: ActionDescriptor) => ActionDescriptor> = {
    get: (descriptor) => {
      const target = (descriptor._target ?? []) as { _property?: string }[]
      const property = target.find((part) => part._property)?._property
      const layer = this.layerOf(descriptor)
      if (property === "textKey") {
        if (layer.spec.kind !== "text") throw new Error("The layer is not a text layer")
        const extent = layer.textExtent()
        const box = extent.box ?? { width: extent.width, height: extent.height }
        return {
          _obj: "layer",
          textKey: {
            _obj: "textLayer",
            textKey: layer.text,
            textShape: [
              {
                _obj: "textShape",
                char: { _enum: "char", _value: extent.box ? "box" : "paint" },
                bounds: {
                  _obj: "rectangle",
                  left: 0,
                  top: 0,
                  right: box.width,
                  bottom: box.height,
                },
              },
            ],
            boundingBox: {
              _obj: "boundingBox",
              left: 0,
              top: 0,
              right: extent.width,
              bottom: extent.height,
            },
          },
        }
      }
      if (property === "smartObject") {
        if (layer.spec.kind !== "smartObject") throw new Error("The layer is not a smart object")
        return {
          _obj: "layer",
          smartObject: {
            _obj: "smartObject",
            linked: layer.spec.linked === true,
            fileReference: layer.spec.fileReference,
          },
        }
      }
      throw new Error(`The property ${String(property)} is not available`)
    },
    placedLayerEditContents: (descriptor) => {
      this.requireModal()
      const layer = this.layerOf(descriptor)
      if (layer.spec.kind !== "smartObject") throw new Error("The layer is not a smart object")
      if (layer.spec.linked) throw new Error("The linked file could not be found")
      if (!/\.ps[db]$/i.test(layer.spec.fileReference))
        throw new Error(`${layer.spec.fileReference} opens in another application`)
      const contents = new FakeDocument(this, layer.spec.fileReference, "", layer.contents ?? [])
      contents.savesInto = layer
      this.open(contents)
      return { _obj: "placedLayerEditContents" }
    },
  }

  /** What `require("photoshop")` returns. */
  readonly photoshop: PhotoshopModule = {
    app: this,
    core: {
      executeAsModal: async <T>(
        target: (context: ExecutionContext, descriptor?: object) => Promise<T>,
        options: ExecuteAsModalOptions,
      ): Promise<T> => {
        if (this.modalDepth > 0)
          throw new Error("Photoshop is busy with another modal command; try again when it is done")
        if (!options?.commandName) throw new Error("executeAsModal needs a commandName")
        this.modalCommands.push(options.commandName)
        const context: ExecutionContext = {
          isCancelled: false,
          onCancel: undefined,
          reportProgress: () => {},
          hostControl: {
            suspendHistory: async ({ documentID, name }) => {
              this.documentById(documentID).suspend(name)
              return { historySuspensionID: documentID }
            },
            resumeHistory: async ({ historySuspensionID, finalName }, commit = true) => {
              this.documentById(historySuspensionID).resume(commit, finalName)
            },
            registerAutoCloseDocument: async () => {},
            unregisterAutoCloseDocument: async () => {},
          },
        }
        this.modalDepth++
        try {
          return await target(context, options.descriptor)
        } finally {
          this.modalDepth--
        }
      },
    },
    action: {
      batchPlay: async (commands) => {
        return commands.map((descriptor) => {
          this.played.push(descriptor)
          const run = this.commands[descriptor._obj]
          if (!run) throw new Error(`The command “${descriptor._obj}” is not available.`)
          return run(descriptor)
        })
      },
    },
    constants: { LayerKind: { TEXT: KIND.text, GROUP: KIND.group, SMARTOBJECT: KIND.smartObject } },
  }

  /** The batchPlay commands this fake plays (checked against the plugin's sources). */
  get batchPlayCommands(): string[] {
    return Object.keys(this.commands)
  }

  /** What `require("uxp")` returns. */
  readonly uxp: UxpModule = {
    shell: {
      openExternal: async (url: string) => {
        if (url.startsWith("file:")) return "file: URLs are not allowed; use openPath"
        this.openedUrls.push(url)
        return ""
      },
    },
    storage: {
      secureStorage: {
        setItem: async (key, value) => {
          const bytes =
            typeof value === "string"
              ? new TextEncoder().encode(value)
              : new Uint8Array(value instanceof ArrayBuffer ? value : value.buffer)
          if (bytes.length === 0) throw new Error("The value cannot be empty")
          this.secureItems.set(key, bytes)
        },
        getItem: async (key) => {
          const bytes = this.secureItems.get(key)
          if (!bytes) throw new Error(`No item is stored under ${key}`)
          return bytes
        },
        removeItem: async (key) => {
          if (!this.secureItems.delete(key)) throw new Error(`No item is stored under ${key}`)
        },
      },
      localFileSystem: {
        createEntryWithUrl: async (url: string, options?: { overwrite?: boolean }) => {
          if (!url.startsWith("file:")) throw new Error(`Unsupported URL ${url}`)
          const nativePath = decodeURI(url.slice("file:".length))
          if (this.files.has(nativePath) && !options?.overwrite)
            throw new Error(`${nativePath} already exists`)
          return { nativePath, name: nativePath.split("/").pop(), isFile: true } as FakeEntry
        },
        getPluginFolder: async () => ({
          getEntry: async (filePath: string) => {
            const file = this.pluginFiles[filePath]
            if (file === undefined) throw new Error(`${filePath} is not in the plugin's folder`)
            return { read: async () => file }
          },
        }),
      },
    },
  }

  get host(): Host {
    return { photoshop: this.photoshop, uxp: this.uxp }
  }

  documentById(id: number): FakeDocument {
    const found = this.documents.find((document) => document.id === id)
    if (!found) throw new Error(`No open document has the id ${id}`)
    return found
  }

  /** The user selects layers in the Layers panel. */
  select(...names: string[]) {
    this.document.selection = names.map((name) => this.document.layerNamed(name))
  }
}
