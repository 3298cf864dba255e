/** Where a command reads and writes: the process's, or a test's. */
export type Io = {
  stdout: (text: string) => void
  stderr: (text: string) => void
  /** Whole standard input, or undefined when it is a terminal (nothing piped). */
  readStdin: () => Promise<string | undefined>
  env: Record<string, string | undefined>
  cwd: string
  /** Whether stderr is a terminal (progress bars, the device code's prompt). */
  interactive: boolean
  /** Waits (the device flow's polling); tests may shorten it. */
  sleep: (ms: number) => Promise<void>
  fetch: typeof fetch
}

export function processIo(): Io {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    readStdin: async () => {
      if (process.stdin.isTTY) return undefined
      const chunks: Buffer[] = []
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
      return Buffer.concat(chunks).toString("utf8")
    },
    env: process.env,
    cwd: process.cwd(),
    interactive: Boolean(process.stderr.isTTY),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    fetch: (...args) => globalThis.fetch(...args),
  }
}

/** Prints `value` as the stable JSON of `--json`: two-space indented, one trailing newline. */
export function printJson(io: Io, value: unknown) {
  io.stdout(`${JSON.stringify(value, null, 2)}\n`)
}
