/** The Nativ server's base URL from NATIV_API_URL or NATIV_URL, without a trailing /api/v1. */
export function serverUrl(env: Record<string, string | undefined>) {
  const configured = env.NATIV_API_URL?.trim() || env.NATIV_URL?.trim() || "http://localhost:8080"
  return configured.replace(/\/+$/, "").replace(/\/api\/v1$/, "")
}
