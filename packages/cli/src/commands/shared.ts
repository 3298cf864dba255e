import { type Command, InvalidArgumentError, Option } from "commander"

import type { ExitCode } from "../errors"
import type { GlobalOptions, Session } from "../session"

export const FORMALITIES = [
  "very_informal",
  "informal",
  "neutral",
  "formal",
  "very_formal",
] as const
export type Formality = (typeof FORMALITIES)[number]

/**
 * Builds the command's session from the program's global options (--api-url, --api-key); `fail`
 * sets the exit code of a command that finished its report but found problems.
 */
export type SessionFactory = ((command: Command) => Session) & { fail(code: ExitCode): void }

export const formalityOption = () =>
  new Option("--formality <level>", "tone of the result").choices(FORMALITIES)

export const jsonOption = () => new Option("--json", "output as JSON")

/** A whole number ≥ `min` for options such as --limit and --max-chars. */
export function wholeNumber(min: number) {
  return (value: string) => {
    const number = Number(value)
    if (!Number.isInteger(number) || number < min)
      throw new InvalidArgumentError(`expected a whole number of at least ${min}`)
    return number
  }
}

/** A number between 0 and 100 (--min-score). */
export function score(value: string) {
  const number = Number(value)
  if (!Number.isFinite(number) || number < 0 || number > 100)
    throw new InvalidArgumentError("expected a number from 0 to 100")
  return number
}

export type LanguageFlags = { to: string; toCode?: string; from?: string; fromCode?: string }

/** The Python CLI's language flags: --to (required), --to-code, --from, --from-code. */
export function addLanguageFlags(command: Command) {
  return command
    .requiredOption("--to <lang>", "target language (e.g. French, German)")
    .option("--to-code <code>", "target language ISO code (e.g. fr)")
    .option("--from <lang>", "source language (default: English)")
    .option("--from-code <code>", "source language code (default: en)")
}

/** The API's language fields for these flags, as the Python SDK sends them. */
export function languageFields(flags: LanguageFlags) {
  return {
    language: flags.to,
    ...(flags.toCode ? { language_code: flags.toCode } : {}),
    source_language: flags.from ?? "English",
    source_language_code: flags.fromCode ?? (flags.from ? undefined : "en"),
  }
}

export const globalOptions = (command: Command) => command.optsWithGlobals<GlobalOptions>()
