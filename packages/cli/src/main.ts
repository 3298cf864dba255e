import { processIo } from "./io"
import { run } from "./program"

/** The `nativ` executable: runs the command line and exits with its code. */
export async function main() {
  process.exitCode = await run(process.argv.slice(2), processIo())
}
