/** Reads one cookie of the current document; undefined when absent. */
export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`
  for (const part of document.cookie.split(";")) {
    const item = part.trim()
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length))
  }
  return undefined
}

/** Writes a cookie for the whole site that lives `maxAgeSeconds`. */
export function writeCookie(name: string, value: string, maxAgeSeconds: number) {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; SameSite=Lax`
}
