import { inviteCommand } from "./invite"
import { seedDemoCommand } from "./seed-demo"

/** `npm run nativ -- <command>`: operator commands. Commands are added by their issues. */
const commands: Record<string, { summary: string; run(args: string[]): Promise<number> }> = {
  invite: inviteCommand,
  "seed-demo": seedDemoCommand,
}

async function main(argv: string[]) {
  const [name, ...args] = argv
  if (!name || name === "help" || name === "--help") {
    process.stdout.write("Usage: npm run nativ -- <command> [options]\n\nCommands:\n")
    process.stdout.write("  help                 list the commands\n")
    for (const [command, { summary }] of Object.entries(commands))
      process.stdout.write(`  ${command.padEnd(20)} ${summary}\n`)
    return 0
  }
  const command = commands[name]
  if (!command) {
    console.error(`Unknown command "${name}". Run "npm run nativ -- help" for the list.`)
    return 2
  }
  return command.run(args)
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  },
)
