import type { TestApp } from "../testing/test-app"

/**
 * Calls the server the way Nativ's official clients do (github.com/Nativ-Technologies): the key in
 * `X-API-Key`, JSON bodies, query parameters as strings, and errors read from `detail` (then
 * `message`). `style` picks how the URL is built: nativ-node resolves the path against the base
 * URL (`new URL("/text/culturalize", base)`, so the base's own path is dropped); nativ-python and
 * nativ-mcp append it to the base (`base + path`).
 */
export type SdkStyle = "node" | "python"

export class SdkError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown>,
  ) {
    super(message)
  }
}

export function sdkClient(app: TestApp, apiKey: string, style: SdkStyle = "node") {
  const base = `${app.url}/api/v1`
  return async function request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: {
      json?: unknown
      params?: Record<string, string | number | boolean>
      /** Multipart form data, as the SDKs send images (fetch sets the boundary). */
      formData?: FormData
    } = {},
  ): Promise<T> {
    const url = style === "node" ? new URL(path, base) : new URL(base + path)
    for (const [name, value] of Object.entries(options.params ?? {}))
      url.searchParams.set(
        name,
        style === "python" && typeof value === "boolean"
          ? value
            ? "true"
            : "false"
          : String(value),
      )
    const headers: Record<string, string> = {
      "X-API-Key": apiKey,
      "User-Agent": style === "node" ? "nativ-node/test" : "nativ-python/test",
    }
    if (options.json !== undefined) headers["Content-Type"] = "application/json"
    const res = await fetch(url, {
      method,
      headers,
      ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
      ...(options.formData ? { body: options.formData } : {}),
    })
    const text = await res.text()
    let body: Record<string, unknown>
    try {
      body = JSON.parse(text) as Record<string, unknown>
    } catch {
      body = { detail: text }
    }
    if (!res.ok) {
      const detail = (body.detail as string | undefined) ?? (body.message as string | undefined)
      throw new SdkError(res.status, detail ?? `HTTP ${res.status}`, body)
    }
    return body as T
  }
}

/** The body nativ-node and nativ-python send for `translate(text, language, options)`. */
export function translateBody(
  text: string,
  language: string,
  options: {
    languageCode?: string
    context?: string
    glossary?: string
    formality?: string
    maxCharacters?: number
    includeTmInfo?: boolean
    backtranslate?: boolean
    includeRationale?: boolean
  } = {},
) {
  return {
    text,
    language,
    source_language: "English",
    source_language_code: "en",
    tool: "api",
    include_tm_info: options.includeTmInfo ?? true,
    backtranslate: options.backtranslate ?? false,
    include_rationale: options.includeRationale ?? true,
    ...(options.languageCode ? { language_code: options.languageCode } : {}),
    ...(options.context ? { context: options.context } : {}),
    ...(options.glossary ? { glossary: options.glossary } : {}),
    ...(options.formality ? { formality: options.formality } : {}),
    ...(options.maxCharacters != null ? { max_characters: options.maxCharacters } : {}),
  }
}
