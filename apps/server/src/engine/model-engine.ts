import { setTimeout as sleep } from "node:timers/promises"

import { countCharacters } from "@nativ/contracts"

import { cleanAnswer } from "./clean-answer"
import { type Deadline, startDeadline } from "./deadline"
import {
  type EngineError,
  EngineLengthError,
  EngineOutputError,
  EngineProviderError,
  EngineTimeoutError,
} from "./errors"
import { compileGlossary, type GlossaryMatcher, glossaryHits } from "./glossary"
import { mapBounded } from "./map-bounded"
import { batchItem, contextWithNote, packTexts, parsePackedAnswer } from "./packed-batch"
import {
  backtranslationRequest,
  batchMessage,
  buildBatchSystemPrompt,
  buildSystemPrompt,
  type ChatRequest,
  correctionMessage,
  rationaleRequest,
} from "./prompt"
import type { ChatProvider } from "./providers/chat-provider"
import type {
  CulturalizeEngine,
  CulturalizeInput,
  CulturalizeResult,
  GlossaryEntry,
  SharedInput,
} from "./types"
import { checkOutput, type OutputCheck } from "./verify"

export type ModelEngineOptions = {
  /** The whole call's budget, retries included (ENGINE_TIMEOUT_MS). */
  timeoutMs: number
  /** Further attempts after a rate limit, server error or connection failure. */
  maxRetries: number
  /** First backoff delay; it doubles with each retry (with jitter) unless the provider names one. */
  retryBaseMs: number
}

type Answer = { text: string; check: OutputCheck }

/** Model calls in flight for one batch: enough to keep a provider busy, few enough to be polite. */
const CALLS_AT_ONCE = 4

/**
 * A culturalize engine over a chat model: builds the prompt, calls the provider with backoff on
 * transient failures, checks the answer (placeholders, tags, links, glossary) and asks once more
 * when it falls short. An answer that still breaks protected parts is refused; one that only misses
 * glossary terms is returned with a note naming them. An answer longer than max_characters is
 * corrected once and otherwise refused (422). The rationale and back-translation, when asked for,
 * are further calls made side by side once the answer stands; they do not fail the request.
 * A batch packs up to 20 texts (~8,000 characters) per call and asks for a JSON array back; each
 * text's answer gets the checks a single's does, and a text left out or answered badly is sent
 * alone, so a batch's results are complete or it fails.
 */
export function createModelEngine(
  provider: ChatProvider,
  options: ModelEngineOptions,
): CulturalizeEngine {
  async function send(request: ChatRequest, deadline: Deadline): Promise<string> {
    // When the time runs out during a retry, the provider's own failure is the cause to report
    // (502), not the timeout: only a provider that never answered is a 504.
    let failure: EngineProviderError | undefined
    for (let attempt = 0; ; attempt++) {
      try {
        return await provider.complete(request, {
          signal: deadline.signal,
          timeoutMs: Math.max(1, Math.ceil(deadline.remaining())),
        })
      } catch (error) {
        if (deadline.signal.aborted || error instanceof EngineTimeoutError) throw failure ?? error
        if (!(error instanceof EngineProviderError)) throw error
        if (!error.retryable || attempt >= options.maxRetries) throw error
        const backoff = options.retryBaseMs * 2 ** attempt * (0.8 + Math.random() * 0.4)
        const delay = Math.min(error.retryAfterMs ?? backoff, 30_000)
        if (delay >= deadline.remaining()) throw error
        failure = error
        await sleep(delay, undefined, { signal: deadline.signal }).catch(() => {
          throw error
        })
      }
    }
  }

  /** The rationale and back-translation asked for; one that cannot be had is left out and noted. */
  async function explain(input: CulturalizeInput, answer: string, deadline: Deadline) {
    const ask = async (wanted: boolean | undefined, request: () => ChatRequest) => {
      if (!wanted) return undefined
      try {
        return (await send(request(), deadline)).trim() || null
      } catch {
        return null
      }
    }
    const [rationale, backtranslation] = await Promise.all([
      ask(input.want?.rationale, () => rationaleRequest(input, answer)),
      ask(input.want?.backtranslation, () => backtranslationRequest(input, answer)),
    ])
    const missing = [
      rationale === null ? "rationale" : null,
      backtranslation === null ? "back-translation" : null,
    ].filter(Boolean)
    return {
      rationale: rationale ?? undefined,
      backtranslation,
      note: missing.length
        ? `The ${missing.join(" and ")} could not be produced this time.`
        : undefined,
    }
  }

  /**
   * One call for a pack of texts; the results that pass every check a single answer must pass, by
   * index. The rest (missing, repeated, broken, or all of them when the answer is not the JSON
   * asked for) are left to single calls.
   */
  async function culturalizePack(
    shared: SharedInput,
    items: { id: number; text: string; note?: string }[],
    signal: AbortSignal | undefined,
  ): Promise<Map<number, CulturalizeResult>> {
    const glossary = compileGlossary(shared.glossary)
    const texts = items.map((item) => item.text)
    const request: ChatRequest = {
      system: buildBatchSystemPrompt({
        ...shared,
        texts,
        notes: items.some((item) => item.note),
        glossary: glossaryHits(glossary, texts.join("\n")),
      }),
      messages: [{ role: "user", content: batchMessage(items) }],
    }
    const deadline = startDeadline(options.timeoutMs, signal)
    let raw: string
    try {
      raw = await send(request, deadline)
    } catch (error) {
      const failure = deadline.explain(error)
      if (leavesToSingles(failure)) return new Map()
      throw failure
    } finally {
      deadline.dispose()
    }
    const answers = parsePackedAnswer(raw)
    const passed = new Map<number, CulturalizeResult>()
    for (const { id, text } of items) {
      const given = answers?.get(id)
      if (given?.length !== 1) continue
      const answer = inspectAnswer({ ...shared, text }, glossary, given[0]!)
      if (!answer.check.broken.length && !answer.check.missingTerms.length)
        passed.set(id, { text: answer.text })
    }
    return passed
  }

  const engine: CulturalizeEngine = {
    name: provider.name,
    async culturalizeBatch(shared, texts, signal) {
      const items = texts.map(batchItem)
      const results: (CulturalizeResult | undefined)[] = new Array(items.length)
      const packs = packTexts(items.map((item) => item.text))
      await mapBounded(packs, CALLS_AT_ONCE, async (pack) => {
        if (pack.length < 2) return
        const passed = await culturalizePack(
          shared,
          pack.map((id) => ({ id, ...items[id]! })),
          signal,
        )
        for (const [id, result] of passed) results[id] = result
      })
      const left = items.flatMap((_, i) => (results[i] ? [] : [i]))
      const single = { ...shared, want: {} }
      await mapBounded(left, CALLS_AT_ONCE, async (i) => {
        const { text, note } = items[i]!
        const context = contextWithNote(shared.context, note)
        results[i] = await engine.culturalize({ ...single, text, context }, signal)
      })
      return results as CulturalizeResult[]
    },
    async culturalize(input, signal) {
      const deadline = startDeadline(options.timeoutMs, signal)
      const glossary = compileGlossary(input.glossary)
      const request: ChatRequest = {
        system: buildSystemPrompt({ ...input, glossary: glossaryHits(glossary, input.text) }),
        messages: [{ role: "user", content: input.text }],
      }
      const inspect = (raw: string) => inspectAnswer(input, glossary, raw)
      try {
        let best = inspect(await send(request, deadline))
        if (best.check.broken.length || best.check.missingTerms.length) {
          const retry: ChatRequest = {
            ...request,
            messages: [
              ...request.messages,
              { role: "assistant", content: best.text.trim() || "(empty)" },
              {
                role: "user",
                content: correctionMessage(best.check.broken, best.check.missingTerms),
              },
            ],
          }
          try {
            const second = inspect(await send(retry, deadline))
            if (isBetter(second.check, best.check)) best = second
          } catch (error) {
            // the first answer is usable (only glossary terms missing): return it rather than fail
            if (best.check.broken.length) throw error
          }
        }
        const length = countCharacters(best.text)
        if (input.maxCharacters && length > input.maxCharacters)
          throw new EngineLengthError(length, input.maxCharacters)
        if (best.check.broken.length)
          throw new EngineOutputError(
            `The translation provider's answer changed protected parts of the text (${summarize(best.check.broken)}), so it was not used. Please try again.`,
            best.check.broken,
          )
        const extras = await explain(input, best.text, deadline)
        const note = [glossaryNote(best.check.missingTerms), extras.note].filter(Boolean).join(" ")
        return {
          text: best.text,
          ...(note ? { note } : {}),
          ...(extras.rationale !== undefined ? { rationale: extras.rationale } : {}),
          ...(extras.backtranslation !== undefined
            ? { backtranslation: extras.backtranslation }
            : {}),
        }
      } catch (error) {
        throw deadline.explain(error)
      } finally {
        deadline.dispose()
      }
    },
  }
  return engine
}

/** An answer checked against its source: protected parts, glossary, emptiness and length. */
function inspectAnswer(input: CulturalizeInput, glossary: GlossaryMatcher, raw: string): Answer {
  const text = cleanAnswer(input.text, raw)
  const check = checkOutput(input.text, text, glossary)
  if (!text.trim()) check.broken.unshift("the answer is empty")
  const length = countCharacters(text)
  if (input.maxCharacters && length > input.maxCharacters)
    check.broken.push(
      `the answer is ${length} characters long; it must be at most ${input.maxCharacters}`,
    )
  return { text, check }
}

/**
 * A packed call that failed for want of a usable answer (cut off, refused, rejected as a request)
 * leaves its texts to single calls; rate limits and outages already had their retries, and
 * rejected credentials or a timeout would fail the singles too.
 */
function leavesToSingles(error: EngineError) {
  return (
    error instanceof EngineProviderError &&
    !error.retryable &&
    error.providerStatus !== 401 &&
    error.providerStatus !== 403
  )
}

function isBetter(candidate: OutputCheck, current: OutputCheck) {
  if (candidate.broken.length !== current.broken.length)
    return candidate.broken.length < current.broken.length
  return candidate.missingTerms.length < current.missingTerms.length
}

function summarize(problems: string[]) {
  const shown = problems.slice(0, 3).join("; ")
  return problems.length > 3 ? `${shown}; and ${problems.length - 3} more` : shown
}

function glossaryNote(missing: GlossaryEntry[]) {
  if (!missing.length) return undefined
  const terms = missing
    .slice(0, 5)
    .map((e) => `"${e.source}" → "${e.target}"`)
    .join(", ")
  const more = missing.length > 5 ? ` and ${missing.length - 5} more` : ""
  return `Some glossary terms could not be confirmed in the result: ${terms}${more}. Please review them.`
}
