import type { LayerKind } from "photoshop/dom/Constants"
import type { photoshopAction, photoshopCore } from "photoshop/dom/CoreModules"
import type { Document } from "photoshop/dom/Document"
import type { Layer } from "photoshop/dom/Layer"
import type { Bounds } from "photoshop/dom/objects/Bounds"
import type { Photoshop } from "photoshop/dom/Photoshop"
import type { TextItem } from "photoshop/dom/TextItem"

/*
 * The part of Photoshop's and UXP's APIs the plugin uses, picked from their official typings
 * (@types/photoshop, @adobe/cc-ext-uxp-types) so a signature cannot drift from the real one. The
 * plugin's code sees only these types: a host call it makes must be named here, and the fake host
 * (src/testing/fake-photoshop.ts) implements exactly these types. Collections (Layers, Documents)
 * are read as arrays, which the real ones are (they extend Array).
 */

export type HostTextItem = Pick<TextItem, "contents" | "isParagraphText">

export type HostBounds = Pick<Bounds, "left" | "top" | "right" | "bottom" | "width" | "height">

export type HostLayer = Pick<Layer, "id" | "name" | "kind" | "visible" | "allLocked"> & {
  readonly boundsNoEffects: HostBounds
  readonly layers: readonly HostLayer[] | null
  readonly textItem: HostTextItem
}

export type HostDocument = Pick<
  Document,
  "id" | "name" | "path" | "save" | "closeWithoutSaving" | "width"
> & {
  readonly layers: readonly HostLayer[]
  readonly activeLayers: readonly HostLayer[]
  duplicate(name?: string, mergeLayersOnly?: boolean): Promise<HostDocument>
  readonly saveAs: Pick<Document["saveAs"], "psd">
}

export type HostApp = {
  /** Setting it brings that document to the front. */
  activeDocument: HostDocument | null
  readonly documents: readonly HostDocument[]
}

export type HostConstants = {
  readonly LayerKind: {
    readonly TEXT: LayerKind.TEXT
    readonly GROUP: LayerKind.GROUP
    readonly SMARTOBJECT: LayerKind.SMARTOBJECT
  }
}

/** `require("photoshop")`, as the plugin uses it. */
export type PhotoshopModule = {
  readonly app: HostApp
  readonly core: Pick<typeof photoshopCore, "executeAsModal">
  readonly action: Pick<typeof photoshopAction, "batchPlay">
  readonly constants: HostConstants
}

/*
 * UXP's modules, declared from @adobe/cc-ext-uxp-types by hand: those typings also declare
 * globals (fetch, Blob, streams) that clash with the DOM's, so they stay out of this program.
 * uxp-fits.check.ts compiles the typings' own classes against these declarations (the test
 * host-api.test.ts runs it), so a signature here cannot differ from UXP's.
 */
export type UxpShell = { openExternal(url: string, developerText: string): Promise<string> }
export type UxpSecureStorage = {
  setItem(key: string, value: string | ArrayBuffer | Uint8Array): Promise<void>
  getItem(key: string): Promise<Uint8Array>
  removeItem(key: string): Promise<void>
}
/** A file entry (`storage.File`). */
export type UxpFile = { read(options: { format?: symbol }): Promise<unknown> }
/** A folder entry (`storage.Folder`). */
export type UxpFolder = { getEntry(filePath: string): Promise<unknown> }
export type UxpFileSystem = {
  createEntryWithUrl(url: string, options: { type?: symbol; overwrite?: boolean }): Promise<unknown>
  getPluginFolder(): Promise<unknown>
}

/** `require("uxp")`, as the plugin uses it. */
export type UxpModule = {
  readonly shell: UxpShell
  readonly storage: {
    readonly secureStorage: UxpSecureStorage
    readonly localFileSystem: UxpFileSystem
  }
}

export type Host = { photoshop: PhotoshopModule; uxp: UxpModule }

// The real modules must satisfy these types, or the picks above would describe another API.
type Assert<T extends true> = T
export type RealHostFits = Assert<
  [Photoshop, Document, Layer] extends [HostApp, HostDocument, HostLayer] ? true : false
>

declare const require: ((name: "photoshop") => PhotoshopModule) & ((name: "uxp") => UxpModule)

/** The host the panel runs in: Photoshop's UXP modules (or the fake host a test page installs). */
export function loadHost(): Host {
  return { photoshop: require("photoshop"), uxp: require("uxp") }
}
