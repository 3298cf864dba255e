import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"

import {
  type ApiUser,
  callApi,
  createApiTestApp,
  signedInUser,
} from "../../../../apps/server/src/api/api-test-kit"
import type { TestApp } from "../../../../apps/server/src/testing/test-app"
import type { ExitCode } from "../errors"
import type { Io } from "../io"
import { run } from "../program"

export { type ApiUser, callApi, signedInUser, type TestApp }

/** The real server on a fresh database, with a 1-second device polling interval. */
export const startServer = (env: Record<string, string> = {}) =>
  createApiTestApp({ OAUTH_DEVICE_POLL_INTERVAL_SECONDS: "1", ...env })

export async function apiKeyOf(app: TestApp, user: ApiUser): Promise<string> {
  const res = await callApi<{ key: string }>(app, "/api-keys", {
    token: user.token,
    body: { name: "cli" },
  })
  return res.body.key
}

export type CliRun = { code: ExitCode; stdout: string; stderr: string; json<T = unknown>(): T }

export type RunOptions = {
  env?: Record<string, string | undefined>
  stdin?: string
  cwd?: string
  /** Called with stderr as it grows (the device code appears there while login waits). */
  onStderr?: (all: string) => void
  /** The network the CLI sees (default: the real one), e.g. to drop a connection. */
  fetch?: typeof fetch
}

/**
 * The CLI's real entry (`run`, what bin/nativ.js calls) in this process, with its output captured:
 * arguments, environment, standard input and working directory as a shell would give them.
 */
export async function nativ(args: string[], options: RunOptions = {}): Promise<CliRun> {
  let stdout = ""
  let stderr = ""
  const io: Io = {
    stdout: (text) => {
      stdout += text
    },
    stderr: (text) => {
      stderr += text
      options.onStderr?.(stderr)
    },
    readStdin: async () => options.stdin,
    env: options.env ?? {},
    cwd: options.cwd ?? process.cwd(),
    interactive: false,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    fetch: options.fetch ?? ((...args) => globalThis.fetch(...args)),
  }
  const code = await run(args, io)
  return { code, stdout, stderr, json: <T>() => JSON.parse(stdout) as T }
}

/** A scratch directory (a project, or a config dir), removed by the returned function. */
export async function scratchDir(tag: string): Promise<[string, () => Promise<void>]> {
  const dir = await mkdtemp(join(tmpdir(), `nativ-cli-${tag}-`))
  return [dir, () => rm(dir, { recursive: true, force: true })]
}
