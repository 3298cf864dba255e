import { type Command, Option } from "commander"

import { FILE_FORMAT_NAMES } from "@nativ/contracts"

import { EXIT } from "../errors"
import { checkFiles } from "../files/check-files"
import { translateFiles } from "../files/translate-files"
import { printJson } from "../io"
import { progressReporter } from "../progress"
import { formalityOption, type Formality, jsonOption, type SessionFactory } from "./shared"

const DEFAULT_OUT = "locales/{lang}/{name}"
const list = (value: string, previous: string[] = []) => [
  ...previous,
  ...value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean),
]

/** `nativ files translate|check`: whole i18n files. */
export function filesCommand(program: Command, session: SessionFactory) {
  const files = program.command("files").description("localize i18n resource files")

  files
    .command("translate")
    .description("translate i18n files (only new or changed strings are sent and charged)")
    .argument("<paths...>", "source files, directories or globs (quote globs)")
    .requiredOption("--to <langs>", "target languages, codes or names: fr,de,ja", list)
    .option(
      "--out <template>",
      "where to write: {lang} {language} {name} {stem} {ext} {dir}",
      DEFAULT_OUT,
    )
    .option("--from <lang>", "the files' language (default: what the file says, else English)")
    .addOption(
      new Option("--format <format>", "the files' format (default: detected)").choices(
        FILE_FORMAT_NAMES,
      ),
    )
    .addOption(formalityOption())
    .option("--glossary-id <id>", "a stored glossary to apply")
    .option("--context <text>", "what the files are, for every string")
    .option("--no-incremental", "translate every string again, ignoring the previous outputs")
    .option(
      "--dry-run",
      "show what would be sent and what it would cost; charge nothing, write nothing",
    )
    .addOption(jsonOption())
    .action(
      async (
        paths: string[],
        flags: {
          to: string[]
          out: string
          from?: string
          format?: string
          formality?: Formality
          glossaryId?: string
          context?: string
          incremental: boolean
          dryRun?: boolean
          json?: boolean
        },
        self: Command,
      ) => {
        const current = session(self)
        const reporter = progressReporter(current.io, { dryRun: Boolean(flags.dryRun) })
        let result
        try {
          result = await translateFiles(current, {
            patterns: paths,
            targets: flags.to,
            out: flags.out,
            ...(flags.from ? { sourceLanguage: flags.from } : {}),
            ...(flags.format ? { format: flags.format } : {}),
            ...(flags.formality ? { formality: flags.formality } : {}),
            ...(flags.glossaryId ? { glossaryId: flags.glossaryId } : {}),
            ...(flags.context ? { context: flags.context } : {}),
            tool: "cli",
            incremental: flags.incremental,
            dryRun: Boolean(flags.dryRun),
            onProgress: reporter.onProgress,
          })
        } finally {
          reporter.stop()
        }
        if (flags.json) printJson(current.io, result)
        else
          current.io.stdout(
            `${result.dry_run ? "Dry run: would translate" : "Translated"} ${result.strings_translated} strings in ${result.files.length} files for ${result.cost} credits${result.dry_run ? " (nothing charged)" : ""}.\n`,
          )
        if (result.failures.length) session.fail(EXIT.failure)
      },
    )

  files
    .command("check")
    .description("lint existing translations: placeholders, ICU and plural forms (offline, free)")
    .argument("<paths...>", "source files, directories or globs (quote globs)")
    .option("--to <langs>", "languages to check (default: every one found with --out)", list)
    .option(
      "--out <template>",
      "where the translations are: {lang} {name} {stem} {ext} {dir}",
      DEFAULT_OUT,
    )
    .addOption(
      new Option("--format <format>", "the files' format (default: detected)").choices(
        FILE_FORMAT_NAMES,
      ),
    )
    .addOption(jsonOption())
    .action(
      async (
        paths: string[],
        flags: {
          to?: string[]
          out: string
          format?: (typeof FILE_FORMAT_NAMES)[number]
          json?: boolean
        },
        self: Command,
      ) => {
        const { io } = session(self)
        const result = await checkFiles(io.cwd, {
          patterns: paths,
          out: flags.out,
          ...(flags.to ? { targets: flags.to } : {}),
          ...(flags.format ? { format: flags.format } : {}),
        })
        if (flags.json) printJson(io, result)
        else {
          for (const problem of result.problems)
            io.stdout(
              `${problem.file}${problem.key ? `: ${problem.key}` : ""}: ${problem.message}\n`,
            )
          io.stdout(
            `${result.problems.length ? `${result.problems.length} problems` : "No problems"} in ${result.strings_checked} strings of ${result.files_checked} files.\n`,
          )
        }
        if (result.problems.length) session.fail(EXIT.failure)
      },
    )
}
