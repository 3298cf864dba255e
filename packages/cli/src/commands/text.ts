import type { Command } from "commander"

import { CliError, usageError } from "../errors"
import { printJson } from "../io"
import {
  addLanguageFlags,
  formalityOption,
  type Formality,
  jsonOption,
  type LanguageFlags,
  languageFields,
  type SessionFactory,
  wholeNumber,
} from "./shared"

type TranslateFlags = LanguageFlags & {
  context?: string
  glossary?: string
  formality?: Formality
  maxChars?: number
  backtranslate?: boolean
  json?: boolean
}

/** `nativ translate` / `t`: one text, from the argument or standard input. */
export function translateCommand(program: Command, session: SessionFactory) {
  const command = program
    .command("translate")
    .alias("t")
    .description("translate (culturalize) a text")
    .argument("[text]", 'text to translate (or pipe it via stdin, or "-")')
  addLanguageFlags(command)
    .option("--context <text>", "context hint for the translation")
    .option("--glossary <csv>", "inline glossary (term,translation lines or source=target pairs)")
    .addOption(formalityOption())
    .option("--max-chars <n>", "character limit", wholeNumber(1))
    .option("--backtranslate", "include a back-translation")
    .addOption(jsonOption())
    .action(async (text: string | undefined, flags: TranslateFlags, self: Command) => {
      const { io } = session(self)
      let input = text
      if (input === undefined || input === "-") input = (await io.readStdin())?.trim()
      if (!input) throw usageError("Provide the text as an argument or pipe it via stdin.")
      const api = await session(self).api()
      const result = await api.culturalize({
        text: input,
        ...languageFields(flags),
        ...(flags.context ? { context: flags.context } : {}),
        ...(flags.glossary ? { glossary: flags.glossary } : {}),
        ...(flags.formality ? { formality: flags.formality } : {}),
        ...(flags.maxChars ? { max_characters: flags.maxChars } : {}),
        ...(flags.backtranslate ? { backtranslate: true } : {}),
        tool: "api",
      } as Parameters<typeof api.culturalize>[0])
      if (flags.json) return printJson(io, result)
      const extra = result as {
        backtranslation?: string | null
        rationale?: string | null
        tm_match?: { score?: number; match_type?: string } | null
      }
      io.stdout(`${result.translated_text}\n`)
      if (extra.backtranslation) io.stdout(`\nBack-translation: ${extra.backtranslation}\n`)
      if (extra.rationale) io.stdout(`\nRationale: ${extra.rationale}\n`)
      if (extra.tm_match?.score)
        io.stdout(
          `\nTM match: ${extra.tm_match.score.toFixed(0)}% (${extra.tm_match.match_type})\n`,
        )
    })
}

type BatchFlags = LanguageFlags & { context?: string; formality?: Formality; json?: boolean }

/** The server's batch limits: items and characters per request. */
const BATCH_ITEMS = 500
const BATCH_CHARS = 100_000

function chunks(texts: string[]): string[][] {
  const out: string[][] = []
  let current: string[] = []
  let chars = 0
  for (const text of texts) {
    if (current.length === BATCH_ITEMS || (current.length && chars + text.length > BATCH_CHARS)) {
      out.push(current)
      current = []
      chars = 0
    }
    current.push(text)
    chars += text.length
  }
  if (current.length) out.push(current)
  return out
}

/** `nativ batch` / `b`: many texts (arguments, or standard input one per line) in batch requests. */
export function batchCommand(program: Command, session: SessionFactory) {
  const command = program
    .command("batch")
    .alias("b")
    .description("translate several texts")
    .argument("[texts...]", "texts to translate (or pipe them via stdin, one per line)")
  addLanguageFlags(command)
    .option("--context <text>", "context hint")
    .addOption(formalityOption())
    .addOption(jsonOption())
    .action(async (args: string[], flags: BatchFlags, self: Command) => {
      const { io } = session(self)
      let texts = args
      if (texts.length === 0)
        texts = ((await io.readStdin()) ?? "").split(/\r?\n/).filter((line) => line.trim())
      if (texts.length === 0)
        throw usageError("Provide texts as arguments or pipe them via stdin, one per line.")
      if (texts.some((text) => text.length > BATCH_CHARS))
        throw new CliError(`A text is longer than ${BATCH_CHARS} characters.`)
      const api = await session(self).api()
      const results: { text: string; translated_text: string; cost: number }[] = []
      for (const chunk of chunks(texts)) {
        const { data } = await api.POST("/text/culturalize-batch", {
          body: {
            items: chunk.map((text) => ({ text })),
            ...languageFields(flags),
            ...(flags.context ? { context: flags.context } : {}),
            ...(flags.formality ? { formality: flags.formality } : {}),
            tool: "api",
          },
          params: { header: { "idempotency-key": crypto.randomUUID() } },
        })
        data!.results.forEach((result, index) =>
          results.push({
            text: chunk[index]!,
            translated_text: result.translated_text,
            cost: result.cost,
          }),
        )
      }
      if (flags.json) return printJson(io, results)
      for (const result of results) io.stdout(`${result.text}  ->  ${result.translated_text}\n`)
    })
}
