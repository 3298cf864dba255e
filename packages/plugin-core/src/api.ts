import { createNativClient, NativApiError, type NativClient } from "@nativ/client"

import { ConnectionRevokedError, PluginError, toPluginError } from "./errors"
import type { NativSession } from "./session"

export type BatchRequest = {
  items: { id: string; text: string; file_id?: string | null }[]
  language: string
  language_code: string
  tool: "figma" | "photoshop"
  formality?: string
  glossary_id?: string | null
  context?: string
}
export type BatchResponse = {
  /** `from_memory`: answered from the company's translation memory, free (absent before 2026-11). */
  results: { id: string; translated_text: string; cost: number; from_memory?: boolean }[]
  cost: number
  credits_remaining: number
  operation_id: string
}
export type Account = {
  company: string | null
  role: string
  memberId: string
  /** Who is connected; null when the server does not say (older servers) or the person left. */
  memberEmail: string | null
  credits: number
}
export type Language = { name: string; code: string; formality: string | null }
export type GlossarySummary = { id: string; name: string; languageCode: string; entries: number }
export type FormalityOption = { value: string; label: string; description: string }
export type ShortenRequest = {
  text: string
  language: string
  language_code: string
  tool: "figma" | "photoshop"
  max_characters: number
  formality?: string
  glossary_id?: string | null
  context?: string
  file_id?: string | null
}

/**
 * The calls a plugin makes to /api/v1, on a session's credentials, with every failure turned into
 * the core's typed errors. A 401 on a device-flow connection renews the access token once and
 * tries again; a second 401 (or a refused renewal) means the connection was revoked.
 */
export class NativApi {
  private readonly client: NativClient

  constructor(
    private readonly session: NativSession,
    options: { fetch?: typeof fetch; retry?: { maxRetries: number } } = {},
  ) {
    this.client = createNativClient({
      baseUrl: `${session.serverUrl}/api/v1`,
      accessToken: () => session.token(),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.retry ? { retry: options.retry } : {}),
    })
  }

  /** Who is connected: the company, the member (role and email), the balance. */
  async account(): Promise<Account> {
    const data = await this.call(async (c) => (await c.GET("/account")).data!)
    return {
      company: data.name,
      role: data.role,
      memberId: data.member_id,
      memberEmail: typeof data.member_email === "string" ? data.member_email : null,
      credits: data.credits,
    }
  }

  async balance(): Promise<number> {
    const data = await this.call(async (c) => (await c.GET("/usage/balance")).data!)
    return data.credits
  }

  /** The company's target languages, as set in the dashboard's Settings → Languages. */
  async languages(): Promise<Language[]> {
    const data = await this.call(async (c) => (await c.GET("/user/languages")).data!)
    return data.languages.map((l) => ({
      name: l.language,
      code: l.language_code,
      formality: l.formality ?? null,
    }))
  }

  async formalityOptions(): Promise<FormalityOption[]> {
    const data = await this.call(
      async (c) => (await c.GET("/user/languages/formality-options")).data!,
    )
    return data.options
  }

  async glossaries(): Promise<GlossarySummary[]> {
    const data = await this.call(async (c) => (await c.GET("/glossaries")).data!)
    return data.glossaries.map((g) => ({
      id: g.id,
      name: g.name,
      languageCode: g.language_code,
      entries: g.entry_count,
    }))
  }

  /**
   * POST /text/culturalize-batch with an Idempotency-Key, so a retry after a lost answer is
   * answered from the first run and charged once.
   */
  async culturalizeBatch(
    body: BatchRequest,
    {
      idempotencyKey = crypto.randomUUID(),
      signal,
    }: { idempotencyKey?: string; signal?: AbortSignal } = {},
  ): Promise<BatchResponse> {
    return this.call(async (c) => {
      const { data } = await c.POST("/text/culturalize-batch", {
        body: body as never,
        params: { header: { "idempotency-key": idempotencyKey } },
        ...(signal ? { signal } : {}),
      })
      return data as BatchResponse
    })
  }

  /** One text again with `max_characters`: Shorten for a layer that overflows. */
  async shorten(body: ShortenRequest): Promise<{ text: string; cost: number }> {
    const result = await this.call((c) => c.culturalize({ ...body, use_memory: false } as never))
    return { text: result.translated_text, cost: result.cost }
  }

  /** POST /image/culturalize: an image fill's bytes with its text culturalized into one language. */
  async culturalizeImage(
    image: Blob,
    fields: { language_code: string; tool: "figma" | "photoshop" },
  ): Promise<{ bytes: Uint8Array; cost: number }> {
    const result = await this.call((c) => c.culturalizeImage(image, fields as never))
    const base64 = result.images[0]?.image_base64
    if (!base64) throw new PluginError("request", "Nativ returned no image.")
    return {
      bytes: Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0)),
      cost: result.metadata.cost,
    }
  }

  private async call<T>(run: (client: NativClient) => Promise<T>): Promise<T> {
    try {
      return await run(this.client)
    } catch (error) {
      if (!(error instanceof NativApiError) || error.status !== 401)
        throw toPluginError(error, this.session.serverUrl)
      if (this.session.method !== "oauth") {
        await this.session.forget()
        throw new ConnectionRevokedError(
          "This API key no longer works (revoked or expired). Connect again to continue.",
        )
      }
    }
    try {
      await this.session.refresh()
      return await run(this.client)
    } catch (error) {
      if (error instanceof PluginError) throw error
      if (error instanceof NativApiError && error.status === 401) {
        await this.session.forget()
        throw new ConnectionRevokedError()
      }
      throw toPluginError(error, this.session.serverUrl)
    }
  }
}
