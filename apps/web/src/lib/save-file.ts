/** Hands `content` to the browser as a download named `fileName` (CSV unless a Blob says). */
export function saveFile(fileName: string, content: Blob | string) {
  const blob =
    typeof content === "string" ? new Blob([content], { type: "text/csv;charset=utf-8" }) : content
  const url = URL.createObjectURL(blob)
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
