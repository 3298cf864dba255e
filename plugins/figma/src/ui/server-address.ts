import { SERVER_URL_PLACEHOLDER } from "../server-url"

/** The server this build was packaged for, or null in a build not packaged for one. */
export function packagedServer(doc: Document = document): string | null {
  const value = doc.querySelector<HTMLMetaElement>('meta[name="nativ-server"]')?.content ?? ""
  if (!value || value === SERVER_URL_PLACEHOLDER) return null
  return value.replace(/\/+$/, "")
}
