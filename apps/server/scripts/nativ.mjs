// Runs the operator CLI from source (tsx), so it works without a build.
import { spawnSync } from "node:child_process"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const result = spawnSync(
  process.execPath,
  ["--import", "tsx", join(root, "src/cli/main.ts"), ...process.argv.slice(2)],
  {
    stdio: "inherit",
  },
)
process.exit(result.status ?? 1)
