/** A file name for a glossary's CSV: its name with anything a file system dislikes replaced. */
export function csvFileName(name: string) {
  const base = name.replace(/[\\/:*?"<>|]+/g, "-").trim() || "glossary"
  return `${base}.csv`
}

/** Hands `content` to the browser as a CSV download named `fileName`. */
export function saveFile(fileName: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type: "text/csv;charset=utf-8" }))
  const link = document.createElement("a")
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Some browsers read the blob after click() returns; give them a moment before revoking it.
  setTimeout(() => URL.revokeObjectURL(url), 1_000)
}
