import type { Command } from "commander"

import { CliError } from "../errors"
import { printJson } from "../io"
import { jsonOption, score, type SessionFactory, wholeNumber } from "./shared"

type JsonFlag = { json?: boolean }

/** `nativ tm search|list|add|delete|stats`: the translation memory. */
export function tmCommand(program: Command, session: SessionFactory) {
  const tm = program.command("tm").description("translation memory commands")

  tm.command("search")
    .description("fuzzy-search the translation memory")
    .argument("<query>", "text to search for")
    .option("--source-lang <code>", "source language code (default: en)")
    .option("--target-lang <code>", "filter by target language code")
    .option("--min-score <n>", "minimum match score (0-100)", score, 0)
    .option("--limit <n>", "max results", wholeNumber(1), 10)
    .addOption(jsonOption())
    .action(
      async (
        query: string,
        flags: JsonFlag & {
          sourceLang?: string
          targetLang?: string
          minScore: number
          limit: number
        },
        self: Command,
      ) => {
        const { io } = session(self)
        const { data } = await (
          await session(self).api()
        ).GET("/master-tm/fuzzy-search", {
          params: {
            query: {
              query,
              source_lang: flags.sourceLang ?? "en",
              ...(flags.targetLang ? { target_lang: flags.targetLang } : {}),
              score_cutoff: flags.minScore,
              limit: flags.limit,
            },
          },
        })
        const matches = data!.matches
        if (flags.json) return printJson(io, matches)
        if (matches.length === 0) io.stdout("No matches found.\n")
        for (const match of matches)
          io.stdout(
            `  ${match.score.toFixed(0)}%  ${match.source_text}  ->  ${match.target_text}\n`,
          )
      },
    )

  tm.command("list")
    .alias("ls")
    .description("list translation memory entries")
    .option("--source-lang <code>")
    .option("--target-lang <code>")
    .option("--search <text>", "filter by text")
    .option("--enabled-only")
    .option("--limit <n>", "entries per page", wholeNumber(1), 20)
    .option("--offset <n>", "entries to skip", wholeNumber(0), 0)
    .addOption(jsonOption())
    .action(
      async (
        flags: JsonFlag & {
          sourceLang?: string
          targetLang?: string
          search?: string
          enabledOnly?: boolean
          limit: number
          offset: number
        },
        self: Command,
      ) => {
        const { io } = session(self)
        const { data } = await (
          await session(self).api()
        ).GET("/master-tm/entries", {
          params: {
            query: {
              ...(flags.sourceLang ? { source_lang: flags.sourceLang } : {}),
              ...(flags.targetLang ? { target_lang: flags.targetLang } : {}),
              ...(flags.search ? { search: flags.search } : {}),
              ...(flags.enabledOnly ? { enabled_only: "true" as const } : {}),
              limit: flags.limit,
              offset: flags.offset,
            },
          },
        })
        if (flags.json) return printJson(io, data)
        io.stdout(`Showing ${data!.entries.length} of ${data!.total} entries\n\n`)
        for (const entry of data!.entries)
          io.stdout(
            `  [${entry.enabled ? "on " : "off"}] ${entry.id.slice(0, 8)}  ${entry.source_text}  ->  ${entry.target_text}  (${entry.source_language_code}->${entry.target_language_code})\n`,
          )
      },
    )

  tm.command("add")
    .description("add a translation memory entry")
    .argument("<source>", "source text")
    .argument("<target>", "target (translated) text")
    .requiredOption("--source-lang <code>", "source language code")
    .requiredOption("--target-lang <code>", "target language code")
    .option("--name <label>", "optional label for this entry")
    .addOption(jsonOption())
    .action(
      async (
        source: string,
        target: string,
        flags: JsonFlag & { sourceLang: string; targetLang: string; name?: string },
        self: Command,
      ) => {
        const { io } = session(self)
        const { data } = await (
          await session(self).api()
        ).POST("/master-tm/entries", {
          body: {
            source_text: source,
            target_text: target,
            source_language_code: flags.sourceLang,
            target_language_code: flags.targetLang,
            ...(flags.name ? { source_name: flags.name } : {}),
          } as never,
        })
        if (flags.json) return printJson(io, data)
        const entry = data as { id: string; source_text: string; target_text: string }
        io.stdout(`Added: ${entry.id}  ${entry.source_text}  ->  ${entry.target_text}\n`)
      },
    )

  tm.command("delete")
    .alias("rm")
    .description("delete a translation memory entry")
    .argument("<id>", "entry ID")
    .addOption(jsonOption())
    .action(async (id: string, flags: JsonFlag, self: Command) => {
      const { io } = session(self)
      const { data } = await (
        await session(self).api()
      ).DELETE("/master-tm/entries/{id}", {
        params: { path: { id } },
      })
      if (!(data as { success?: boolean } | undefined)?.success)
        throw new CliError(`Failed to delete ${id}`)
      if (flags.json) return printJson(io, data)
      io.stdout(`Deleted ${id}\n`)
    })

  tm.command("stats")
    .description("translation memory statistics")
    .addOption(jsonOption())
    .action(async (flags: JsonFlag, self: Command) => {
      const { io } = session(self)
      const { data } = await (await session(self).api()).GET("/master-tm/stats")
      if (flags.json) return printJson(io, data)
      io.stdout(
        `Total:    ${data!.total}\nEnabled:  ${data!.enabled}\nDisabled: ${data!.disabled}\n`,
      )
      const sources = Object.entries(data!.by_source)
      if (sources.length) io.stdout("\nBy source:\n")
      for (const [source, counts] of sources)
        io.stdout(`  ${source}: ${counts.total} (${counts.enabled} enabled)\n`)
    })
}
