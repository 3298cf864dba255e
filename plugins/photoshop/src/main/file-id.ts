import { sha256 } from "@noble/hashes/sha2.js"
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js"

import type { HostDocument } from "./host"

/**
 * The file id recorded on each operation: a hash of the document's path when it was saved (the
 * same file gives the same id on every run and machine, and the path itself stays private), else
 * Photoshop's id of the open document.
 */
export function fileIdFor(document: Pick<HostDocument, "id" | "path">): string {
  const path = savedPath(document)
  if (path) return `psd-${bytesToHex(sha256(utf8ToBytes(path))).slice(0, 32)}`
  return `psdoc-${document.id}`
}

/** Where the document is saved, or "" when it never was (whether Photoshop answers "" or throws). */
export function savedPath(document: Pick<HostDocument, "path">): string {
  try {
    return document.path || ""
  } catch {
    return ""
  }
}
