import { readFile } from "node:fs/promises"
import { basename, extname, resolve } from "node:path"

import { type Command, Option } from "commander"

import { CliError } from "../errors"
import { printJson } from "../io"
import { jsonOption, type SessionFactory } from "./shared"

type JsonFlag = { json?: boolean }

/** `nativ languages` / `lang`: the account's languages. */
export function languagesCommand(program: Command, session: SessionFactory) {
  program
    .command("languages")
    .alias("lang")
    .description("list the account's languages")
    .addOption(jsonOption())
    .action(async (flags: JsonFlag, self: Command) => {
      const { io } = session(self)
      const { data } = await (await session(self).api()).GET("/user/languages")
      const languages = data!.languages
      if (flags.json) return printJson(io, languages)
      for (const language of languages)
        io.stdout(
          [
            `${language.language} (${language.language_code})`,
            ...(language.formality ? [`formality=${language.formality}`] : []),
          ].join("  ") + "\n",
        )
    })
}

/** `nativ style-guides` / `sg`. */
export function styleGuidesCommand(program: Command, session: SessionFactory) {
  program
    .command("style-guides")
    .alias("sg")
    .description("list style guides")
    .addOption(jsonOption())
    .action(async (flags: JsonFlag, self: Command) => {
      const { io } = session(self)
      const { data } = await (await session(self).api()).GET("/style-guide")
      const guides = data!.guides
      if (flags.json) return printJson(io, guides)
      if (guides.length === 0) io.stdout("No style guides.\n")
      for (const guide of guides) {
        io.stdout(`  [${guide.is_enabled ? "enabled" : "disabled"}] ${guide.title}\n`)
        const lines = guide.content.split("\n")
        for (const line of lines.slice(0, 3)) io.stdout(`    ${line}\n`)
        if (lines.length > 3) io.stdout("    ...\n")
      }
    })
}

/** `nativ brand-voice` / `bv`. */
export function brandVoiceCommand(program: Command, session: SessionFactory) {
  program
    .command("brand-voice")
    .alias("bv")
    .description("show the brand voice prompt")
    .addOption(jsonOption())
    .action(async (flags: JsonFlag, self: Command) => {
      const { io } = session(self)
      const { data } = await (await session(self).api()).GET("/style-guide/prompt")
      if (flags.json) return printJson(io, data)
      io.stdout(data!.exists && data!.prompt ? `${data!.prompt}\n` : "No brand voice configured.\n")
    })
}

const GROUP_BY = ["day", "language", "tool", "api_key", "member"] as const
type GroupBy = (typeof GROUP_BY)[number]

/** `nativ usage`: the balance, this month's spending and the period's credits by language. */
export function usageCommand(program: Command, session: SessionFactory) {
  program
    .command("usage")
    .description("show the credit balance and usage")
    .option("--from <date>", "first day (YYYY-MM-DD); default: all time")
    .option("--to <date>", "last day (YYYY-MM-DD); default: today")
    .addOption(new Option("--group-by <by>", "rows per").choices(GROUP_BY).default("language"))
    .addOption(jsonOption())
    .action(
      async (flags: JsonFlag & { from?: string; to?: string; groupBy: GroupBy }, self: Command) => {
        const { io } = session(self)
        const api = await session(self).api()
        const [{ data: balance }, { data: usage }] = await Promise.all([
          api.GET("/usage/balance"),
          api.GET("/usage", {
            params: {
              query: {
                ...(flags.from ? { from: flags.from } : {}),
                ...(flags.to ? { to: flags.to } : {}),
                group_by: flags.groupBy,
              },
            },
          }),
        ])
        if (flags.json) return printJson(io, { balance, usage })
        io.stdout(`Credits:           ${balance!.credits}\n`)
        io.stdout(`Spent this month:  ${balance!.spent_this_month}\n`)
        io.stdout(
          `\n${usage!.from.slice(0, 10)} – ${usage!.to.slice(0, 10)}: ${usage!.total.operations} operations, ${usage!.total.credits} credits\n`,
        )
        for (const row of usage!.rows)
          io.stdout(`  ${row.label}: ${row.operations} operations, ${row.credits} credits\n`)
      },
    )
}

const IMAGE_TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
}

async function imageFile(cwd: string, path: string): Promise<File> {
  const full = resolve(cwd, path)
  const bytes = await readFile(full).catch(() => {
    throw new CliError(`Cannot read ${path}.`)
  })
  const type = IMAGE_TYPES[extname(full).toLowerCase()] ?? "application/octet-stream"
  return new File([bytes], basename(full), { type })
}

/** `nativ extract FILE`: the image's text (OCR). */
export function extractCommand(program: Command, session: SessionFactory) {
  program
    .command("extract")
    .description("extract text from an image (OCR)")
    .argument("<file>", "path to an image file")
    .addOption(jsonOption())
    .action(async (path: string, flags: JsonFlag, self: Command) => {
      const { io } = session(self)
      const result = await (await session(self).api()).extractText(await imageFile(io.cwd, path))
      if (flags.json) return printJson(io, result)
      io.stdout(`${result.extracted_text}\n`)
    })
}

/** `nativ inspect FILE`: a cultural sensitivity check. */
export function inspectCommand(program: Command, session: SessionFactory) {
  program
    .command("inspect")
    .description("cultural sensitivity check on an image")
    .argument("<file>", "path to an image file")
    .option("--countries <list>", "comma-separated country list to check")
    .addOption(jsonOption())
    .action(async (path: string, flags: JsonFlag & { countries?: string }, self: Command) => {
      const { io } = session(self)
      const result = await (
        await session(self).api()
      ).inspectImage(
        await imageFile(io.cwd, path),
        flags.countries ? { countries: flags.countries } : {},
      )
      if (flags.json) return printJson(io, result)
      io.stdout(`Verdict: ${result.verdict}\n`)
      if (result.affected_countries.length) io.stdout("\n")
      for (const country of result.affected_countries)
        io.stdout(`  ${country.country}: ${country.issue}\n    Suggestion: ${country.suggestion}\n`)
    })
}
