export type AuthTokens = { accessToken: string; refreshToken: string }

type UrlParts = { search: string; hash: string }

function paramSets({ search, hash }: UrlParts) {
  return [new URLSearchParams(search), new URLSearchParams(hash.replace(/^#/, ""))]
}

/** Invitation tokens from the query string or the hash; null unless both are present. */
export function readAuthTokens(url: UrlParts): AuthTokens | null {
  for (const params of paramSets(url)) {
    const accessToken = params.get("access_token")
    const refreshToken = params.get("refresh_token")
    if (accessToken && refreshToken) return { accessToken, refreshToken }
  }
  return null
}

/** The error an email link reports back (`#error=access_denied&error_code=otp_expired…`). */
export function readAuthLinkError(url: UrlParts): string | null {
  for (const params of paramSets(url)) {
    const error = params.get("error_description") ?? params.get("error_code") ?? params.get("error")
    if (error) return error
  }
  return null
}

/** /set-password carrying the tokens in its query string, as the spec's protected shell sends them. */
export function setPasswordUrl(tokens: AuthTokens) {
  const query = new URLSearchParams({
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
  })
  return `/set-password?${query}`
}
