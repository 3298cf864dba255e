import {
  type BatchApi,
  type BatchRequest,
  type BatchResponse,
  InsufficientCreditsError,
} from "@nativ/plugin-core"

/**
 * The batch API as the unit tests need it: answers each item with `[code] text` (or with a
 * translation from `dictionary`), charges 1 credit per item (none for a `remembered` text, answered
 * from memory as the server marks it), and can refuse with 402 like the server. End-to-end tests
 * use the real server instead.
 */
export function fakeBatchApi(
  options: {
    credits?: number
    dictionary?: Record<string, string>
    remembered?: string[]
    onBatch?: () => void
  } = {},
) {
  const fromMemory = (text: string) => options.remembered?.includes(text) ?? false
  let credits = options.credits ?? 1_000
  const requests: BatchRequest[] = []
  const api: BatchApi = {
    async culturalizeBatch(body): Promise<BatchResponse> {
      requests.push(body)
      const cost = body.items.filter((item) => !fromMemory(item.text)).length
      if (cost > credits)
        throw new InsufficientCreditsError(
          `Not enough credits: this batch costs ${cost} credits and your balance is ${credits}. Buy credits to continue.`,
          cost,
          credits,
        )
      credits -= cost
      options.onBatch?.()
      return {
        results: body.items.map((item) => ({
          id: item.id,
          translated_text:
            options.dictionary?.[`${body.language_code}:${item.text}`] ??
            `[${body.language_code}] ${item.text}`,
          cost: fromMemory(item.text) ? 0 : 1,
          from_memory: fromMemory(item.text),
        })),
        cost,
        credits_remaining: credits,
        operation_id: String(requests.length),
      }
    },
    async shorten() {
      throw new Error("not used")
    },
  }
  return { api, requests, credits: () => credits }
}
