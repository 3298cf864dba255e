/** A file name for a glossary's CSV: its name with anything a file system dislikes replaced. */
export function csvFileName(name: string) {
  const base = name.replace(/[\\/:*?"<>|]+/g, "-").trim() || "glossary"
  return `${base}.csv`
}
