/** Hands `content` to the browser as a download named `fileName`. */
export function saveFile(fileName: string, content: string, type: string) {
  const url = URL.createObjectURL(new Blob([content], { type }))
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
