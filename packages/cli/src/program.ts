import { Command, CommanderError } from "commander"

import {
  brandVoiceCommand,
  extractCommand,
  inspectCommand,
  languagesCommand,
  styleGuidesCommand,
  usageCommand,
} from "./commands/account"
import { filesCommand } from "./commands/files"
import { loginCommands } from "./commands/login"
import type { SessionFactory } from "./commands/shared"
import { tmCommand } from "./commands/tm"
import { batchCommand, translateCommand } from "./commands/text"
import { describeFailure, EXIT, type ExitCode } from "./errors"
import type { Io } from "./io"
import { createSession, type GlobalOptions, type Session } from "./session"

export const VERSION = "0.1.0"

function buildProgram(io: Io, session: SessionFactory): Command {
  const program = new Command("nativ")
    .description("Nativ CLI: culturalize text and localize i18n files from your terminal")
    .version(`nativ ${VERSION}`, "-V, --version")
    .option("--api-url <url>", "the Nativ server (default: NATIV_API_URL or http://localhost:8080)")
    .option("--api-key <key>", "an API key (default: NATIV_API_KEY, else your `nativ login`)")
    .showHelpAfterError("(run with --help for usage)")
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .exitOverride()
  loginCommands(program, session)
  translateCommand(program, session)
  batchCommand(program, session)
  languagesCommand(program, session)
  tmCommand(program, session)
  styleGuidesCommand(program, session)
  brandVoiceCommand(program, session)
  extractCommand(program, session)
  inspectCommand(program, session)
  filesCommand(program, session)
  usageCommand(program, session)
  // Subcommands report usage errors the same way and never exit the process themselves.
  for (const command of allCommands(program))
    command.exitOverride().configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
  return program
}

function allCommands(command: Command): Command[] {
  return command.commands.flatMap((child) => [child, ...allCommands(child)])
}

/**
 * Runs the CLI with `argv` (without node and the script) and answers its exit code: 0 done, 1 a
 * problem in the files (or another failure), 2 usage, 3 auth, 4 credits. Never exits the process.
 */
export async function run(argv: string[], io: Io): Promise<ExitCode> {
  let exitCode: ExitCode = EXIT.ok
  const sessions = new Map<string, Session>()
  const session = Object.assign(
    (command: Command) => {
      const options = command.optsWithGlobals<GlobalOptions>()
      const key = `${options.apiUrl ?? ""} ${options.apiKey ?? ""}`
      if (!sessions.has(key)) sessions.set(key, createSession(io, options))
      return sessions.get(key)!
    },
    {
      fail(code: ExitCode) {
        exitCode = code
      },
    },
  )
  const program = buildProgram(io, session)
  if (argv.length === 0) {
    program.outputHelp()
    return EXIT.ok
  }
  try {
    await program.parseAsync(argv, { from: "user" })
    return exitCode
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end the parse with a "error" too: they succeeded.
      if (["commander.helpDisplayed", "commander.version", "commander.help"].includes(error.code))
        return EXIT.ok
      if (error.code === "commander.executeSubCommandAsync") return EXIT.ok
      return EXIT.usage
    }
    const { exitCode: code, message } = describeFailure(error)
    io.stderr(`Error: ${message}\n`)
    return code
  }
}
