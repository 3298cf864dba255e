import type { TargetLanguage } from "@nativ/plugin-core"

import { savedPath } from "./file-id"
import type { Host, HostDocument } from "./host"
import type { TextTree } from "./layers"
import type { LocalizeSummary } from "./localize"
import { applyTranslations } from "./write"

const baseName = (name: string) => name.replace(/\.(psd|psb|tiff?|png|jpe?g)$/i, "")

export type Lookup = (text: string) => string | undefined

/** In place: every change inside one suspended history state, so one Undo takes it all back. */
export async function writeInPlace(
  host: Host,
  document: HostDocument,
  tree: TextTree,
  language: TargetLanguage,
  lookup: Lookup,
  summary: LocalizeSummary,
) {
  const name = `Nativ: localize to ${language.name}`
  await host.photoshop.core.executeAsModal(
    async (context) => {
      const suspension = await context.hostControl.suspendHistory({
        documentID: document.id,
        name,
      })
      try {
        const result = await applyTranslations(host, document, tree, language, lookup)
        summary.textsChanged += result.changed
        summary.overflow.push(...result.overflow)
        await context.hostControl.resumeHistory(suspension, true)
      } catch (error) {
        // Drop the half-written state: the document returns to where it was.
        await context.hostControl.resumeHistory(suspension, false)
        throw error
      }
    },
    { commandName: name },
  )
}

/** Copies: a duplicate document per language, saved beside the original when asked. */
export async function writeCopy(
  host: Host,
  document: HostDocument,
  tree: TextTree,
  language: TargetLanguage,
  lookup: Lookup,
  save: boolean,
  summary: LocalizeSummary,
) {
  const copyName = `${baseName(document.name)}-${language.code.toLowerCase()}`
  await host.photoshop.core.executeAsModal(
    async () => {
      const copy = await document.duplicate(copyName)
      const result = await applyTranslations(host, copy, tree, language, lookup)
      summary.textsChanged += result.changed
      summary.overflow.push(...result.overflow)
      let savedAs: string | null = null
      const path = savedPath(document)
      if (save && path) {
        const folder = path.replace(/[\\/][^\\/]*$/, "")
        savedAs = `${folder}/${copyName}.psd`
        const entry = await host.uxp.storage.localFileSystem.createEntryWithUrl(
          `file:${encodeURI(savedAs)}`,
          { overwrite: true },
        )
        await copy.saveAs.psd(entry as File)
      } else if (save) {
        summary.notSaved =
          "The original has never been saved, so the copies have no folder to go to: they stay open, unsaved."
      }
      summary.copies.push({ language: language.name, code: language.code, name: copyName, savedAs })
    },
    { commandName: `Nativ: ${language.name} copy` },
  )
}
