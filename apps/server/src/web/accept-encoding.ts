/**
 * The encoding to send from an Accept-Encoding header: brotli over gzip, never one the client
 * refused with q=0; null for the plain bytes.
 */
export function preferredEncoding(header: string | undefined): "br" | "gzip" | null {
  const accepted = new Set<string>()
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";")
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="))
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name)
  }
  if (accepted.has("br")) return "br"
  if (accepted.has("gzip") || accepted.has("*")) return "gzip"
  return null
}
