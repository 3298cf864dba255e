import type { ImageCulturalizeResponse, ImageOutputFormat, Language } from "@nativ/contracts"
import * as React from "react"

import { useLocalizeImage } from "./localize-image"

export type LocalizeEntry = {
  language: Language
  status: "waiting" | "running" | "done" | "failed" | "skipped"
  result?: ImageCulturalizeResponse
  error?: unknown
}

type Settings = { text: string; format: ImageOutputFormat }

/**
 * Localizes `file` into several languages, one request at a time, with each language's state. The
 * first failure skips the rest (a 402 would only repeat); another image (or leaving) ends the run,
 * and `entries` holds only the current image's.
 */
export function useLocalizeRun(file: File | null) {
  const localize = useLocalizeImage()
  const [run, setRun] = React.useState<{ file: File; entries: LocalizeEntry[] } | null>(null)
  const [running, setRunning] = React.useState(false)
  const currentFile = React.useRef(file)
  React.useEffect(() => {
    currentFile.current = file
    return () => {
      currentFile.current = null
    }
  }, [file])

  const update = (change: (entry: LocalizeEntry, index: number) => LocalizeEntry) =>
    setRun((r) => r && { ...r, entries: r.entries.map(change) })

  const start = async (languages: Language[], { text, format }: Settings) => {
    if (!file || languages.length === 0) return
    setRun({ file, entries: languages.map((language) => ({ language, status: "waiting" })) })
    setRunning(true)
    for (const [index, language] of languages.entries()) {
      if (currentFile.current !== file) break
      update((e, i) => (i === index ? { ...e, status: "running" } : e))
      try {
        const result = await localize.mutateAsync({
          file,
          languageCode: language.language_code,
          text,
          format,
        })
        update((e, i) => (i === index ? { ...e, status: "done", result } : e))
      } catch (error) {
        update((e, i) =>
          i === index
            ? { ...e, status: "failed", error }
            : e.status === "waiting"
              ? { ...e, status: "skipped" }
              : e,
        )
        break
      }
    }
    setRunning(false)
  }

  const entries = run && run.file === file ? run.entries : []
  return { entries, running, start }
}
