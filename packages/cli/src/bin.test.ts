import { execFile } from "node:child_process"
import { join } from "node:path"
import { promisify } from "node:util"

import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { apiKeyOf, signedInUser, startServer, type TestApp } from "./testing/cli-test-kit"

const exec = promisify(execFile)
const bin = join(import.meta.dirname, "..", "bin", "nativ.js")

let app: TestApp
let env: Record<string, string>
beforeAll(async () => {
  app = await startServer()
  const owner = await signedInUser(app, 100)
  env = {
    PATH: process.env.PATH ?? "",
    NATIV_API_URL: app.url,
    NATIV_API_KEY: await apiKeyOf(app, owner),
  }
})
afterAll(() => app.close())

describe("bin/nativ.js, as npx nativ runs it on Node 20", () => {
  it("translates through the real executable and exits with the documented codes", async () => {
    const { stdout } = await exec(process.execPath, [bin, "t", "5 miles", "--to", "de"], { env })
    expect(stdout).toBe("8 km\n")
    const usage = await exec(process.execPath, [bin, "t", "hi"], { env }).catch((e) => e)
    expect(usage.code).toBe(2)
    const credits = await exec(process.execPath, [bin, "b", "a", "b", "--to", "de"], {
      env: { ...env, NATIV_API_KEY: "nativ_not_a_key" },
    }).catch((e) => e)
    expect(credits.code).toBe(3)
  })
})
