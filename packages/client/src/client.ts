import createClient, { type Client } from "openapi-fetch"

import type { paths } from "./api-types"
import { errorFromResponse } from "./errors"
import { DEFAULT_RETRY, type RetryOptions, retryingFetch } from "./retrying-fetch"

type Culturalize = paths["/text/culturalize"]["post"]
export type CulturalizeInput = Culturalize["requestBody"]["content"]["application/json"]
export type CulturalizeResult = Culturalize["responses"][200]["content"]["application/json"]

type ExtractCall = paths["/text/extract"]["post"]
type CulturalizeImage = paths["/image/culturalize"]["post"]
type InspectImage = paths["/image/inspect"]["post"]
/** The form fields of an image call besides `file` (sent as multipart form data). */
export type CulturalizeImageFields = Omit<
  CulturalizeImage["requestBody"]["content"]["multipart/form-data"],
  "file"
>
export type InspectImageFields = Omit<
  InspectImage["requestBody"]["content"]["multipart/form-data"],
  "file"
>
export type ExtractTextResult = ExtractCall["responses"][200]["content"]["application/json"]
export type CulturalizeImageResult =
  CulturalizeImage["responses"][200]["content"]["application/json"]
export type InspectImageResult = InspectImage["responses"][200]["content"]["application/json"]

type TmUpload = paths["/master-tm/bulk-upload"]["post"]
/** The form fields of a memory upload besides `file` (languages for rows that name none). */
export type TmBulkUploadFields = Omit<
  TmUpload["requestBody"]["content"]["multipart/form-data"],
  "file"
>
export type TmBulkUploadResult = TmUpload["responses"][200]["content"]["application/json"]

type CallOptions = { signal?: AbortSignal }

export type NativClientOptions = {
  /** The product API's base URL, e.g. `https://nativ.example/api/v1`. */
  baseUrl: string
  /** An API key (`nativ_…`); or, for a signed-in user, `accessToken`. */
  apiKey?: string
  /** Called before each request: a signed-in user's current access token. */
  accessToken?: () => string | Promise<string>
  /** Defaults to the global fetch, looked up on each call. */
  fetch?: typeof fetch
  retry?: Partial<RetryOptions>
}

export type NativClient = Client<paths> & {
  /**
   * POST /text/culturalize with an Idempotency-Key (a new one unless given), so a retry after a
   * lost answer is never charged twice.
   */
  culturalize(
    input: CulturalizeInput,
    options?: { idempotencyKey?: string; signal?: AbortSignal },
  ): Promise<CulturalizeResult>
  /** POST /text/extract: the image's text (OCR). */
  extractText(file: Blob, options?: CallOptions): Promise<ExtractTextResult>
  /** POST /image/culturalize: the image with its text culturalized (or `text` drawn in). */
  culturalizeImage(
    file: Blob,
    fields: CulturalizeImageFields,
    options?: CallOptions,
  ): Promise<CulturalizeImageResult>
  /** POST /image/inspect: the verdict for `countries` (503 vision_model_required without one). */
  inspectImage(
    file: Blob,
    fields?: InspectImageFields,
    options?: CallOptions,
  ): Promise<InspectImageResult>
  /** POST /master-tm/bulk-upload: adds a CSV or TMX file's entries the memory lacks. */
  bulkUploadTm(
    file: Blob,
    fields?: TmBulkUploadFields,
    options?: CallOptions,
  ): Promise<TmBulkUploadResult>
}

/** Multipart form data: the file under `file` (named, so the server sees a file), then the fields. */
function formData(file: Blob, fields: Record<string, string | number | undefined> = {}) {
  const form = new FormData()
  form.append("file", file, file instanceof File ? file.name : "image")
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined) form.append(name, String(value))
  return form
}

/**
 * The typed client for /api/v1: every path, body and response typed from the OpenAPI document
 * (`./api-types.ts`); bearer authentication by API key or access token; retries on 429 and 5xx
 * honouring Retry-After; failures thrown as NativApiError with the API's code and message.
 */
export function createNativClient(options: NativClientOptions): NativClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    fetch: retryingFetch(() => options.fetch ?? globalThis.fetch, {
      ...DEFAULT_RETRY,
      ...options.retry,
    }),
  })
  client.use({
    async onRequest({ request }) {
      const token = options.apiKey ?? (await options.accessToken?.())
      if (token) request.headers.set("Authorization", `Bearer ${token}`)
      return request
    },
    async onResponse({ response }) {
      if (!response.ok) throw await errorFromResponse(response)
    },
  })
  return Object.assign(client, {
    async culturalize(
      input: CulturalizeInput,
      {
        idempotencyKey = crypto.randomUUID(),
        signal,
      }: { idempotencyKey?: string; signal?: AbortSignal } = {},
    ) {
      const { data } = await client.POST("/text/culturalize", {
        body: input,
        params: { header: { "idempotency-key": idempotencyKey } },
        ...(signal ? { signal } : {}),
      })
      return data as CulturalizeResult
    },
    // openapi-fetch sends a FormData body as it is, with the browser's multipart boundary.
    async extractText(file: Blob, { signal }: CallOptions = {}) {
      const { data } = await client.POST("/text/extract", {
        body: formData(file) as never,
        ...(signal ? { signal } : {}),
      })
      return data as ExtractTextResult
    },
    async culturalizeImage(
      file: Blob,
      fields: CulturalizeImageFields,
      { signal }: CallOptions = {},
    ) {
      const { data } = await client.POST("/image/culturalize", {
        body: formData(file, fields) as never,
        ...(signal ? { signal } : {}),
      })
      return data as CulturalizeImageResult
    },
    async inspectImage(file: Blob, fields: InspectImageFields = {}, { signal }: CallOptions = {}) {
      const { data } = await client.POST("/image/inspect", {
        body: formData(file, fields) as never,
        ...(signal ? { signal } : {}),
      })
      return data as InspectImageResult
    },
    async bulkUploadTm(file: Blob, fields: TmBulkUploadFields = {}, { signal }: CallOptions = {}) {
      const { data } = await client.POST("/master-tm/bulk-upload", {
        body: formData(file, fields) as never,
        ...(signal ? { signal } : {}),
      })
      return data as TmBulkUploadResult
    },
  })
}
