import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { apiKeyOf, nativ, signedInUser, startServer, type TestApp } from "./testing/cli-test-kit"

let app: TestApp
let env: Record<string, string>
beforeAll(async () => {
  app = await startServer()
  const owner = await signedInUser(app, 1000)
  env = { NATIV_API_URL: `${app.url}/api/v1`, NATIV_API_KEY: await apiKeyOf(app, owner) }
})
afterAll(() => app.close())

describe("the Python CLI's commands with --json", () => {
  it("translate / t: a text from the argument or stdin, the API's result as JSON", async () => {
    const out = await nativ(["translate", `It costs $1,299.99`, "--to", "German", "--json"], {
      env,
    })
    expect(out.code, out.stderr).toBe(0)
    const result = out.json<{ translated_text: string; cost: number }>()
    expect(result.translated_text).toBe("It costs 1.299,99\u00A0$")
    expect(result.cost).toBeGreaterThan(0)

    const piped = await nativ(["t", "--to", "French", "--to-code", "fr"], {
      env,
      stdin: "Price: 5 miles\n",
    })
    expect(piped.code, piped.stderr).toBe(0)
    expect(piped.stdout).toBe("Price\u00A0: 8\u202Fkm\n")
  })

  it("batch / b: stdin lines in one batch, each result with its text", async () => {
    const out = await nativ(["b", "--to", "French", "--formality", "formal", "--json"], {
      env,
      stdin: "Sign up\n\nLog in\n",
    })
    expect(out.code, out.stderr).toBe(0)
    expect(out.json()).toEqual([
      { text: "Sign up", translated_text: "Sign up", cost: expect.any(Number) },
      { text: "Log in", translated_text: "Log in", cost: expect.any(Number) },
    ])
    const plain = await nativ(["batch", "One", "Two", "--to", "de"], { env })
    expect(plain.stdout).toBe("One  ->  One\nTwo  ->  Two\n")
  })

  it("languages, tm add/list/search/stats/delete, style-guides and brand-voice", async () => {
    expect((await nativ(["languages", "--json"], { env })).json()).toEqual([])

    const added = await nativ(
      ["tm", "add", "Checkout", "Kasse", "--source-lang", "en", "--target-lang", "de", "--json"],
      { env },
    )
    expect(added.code, added.stderr).toBe(0)
    const entry = added.json<{ id: string; source_text: string }>()
    expect(entry.source_text).toBe("Checkout")

    const listed = await nativ(["tm", "ls", "--target-lang", "de", "--json"], { env })
    expect(listed.json()).toMatchObject({ total: 1, entries: [{ id: entry.id }] })
    const found = await nativ(["tm", "search", "Checkout", "--target-lang", "de", "--json"], {
      env,
    })
    expect(found.json()).toMatchObject([{ target_text: "Kasse", match_type: "exact" }])
    expect((await nativ(["tm", "stats", "--json"], { env })).json()).toMatchObject({
      total: 1,
      enabled: 1,
    })
    const deleted = await nativ(["tm", "rm", entry.id], { env })
    expect(deleted.stdout).toBe(`Deleted ${entry.id}\n`)
    expect((await nativ(["tm", "stats", "--json"], { env })).json()).toMatchObject({ total: 0 })

    expect((await nativ(["style-guides", "--json"], { env })).json()).toEqual([])
    expect((await nativ(["bv"], { env })).stdout).toBe("No brand voice configured.\n")
  })

  it("usage: the balance and this period's credits", async () => {
    const out = await nativ(["usage", "--json"], { env })
    expect(out.code, out.stderr).toBe(0)
    const { balance, usage } = out.json<{
      balance: { credits: number }
      usage: { total: { credits: number } }
    }>()
    expect(balance.credits + usage.total.credits).toBe(1000)
    expect(usage.total.credits).toBeGreaterThan(0)
  })
})

describe("exit codes", () => {
  it("2 for usage: a missing --to, an unknown formality, no text, an unknown language", async () => {
    for (const args of [
      ["translate", "Hi"],
      ["translate", "Hi", "--to", "French", "--formality", "posh"],
      ["translate", "--to", "French"],
      ["files", "translate", "x.json", "--to", "Klingonese"],
      ["no-such-command"],
    ]) {
      const out = await nativ(args, { env })
      expect(out.code, args.join(" ")).toBe(2)
      expect(out.stderr).not.toBe("")
    }
    expect((await nativ(["--help"], { env })).code).toBe(0)
  })

  it("3 for auth: a bad API key, or nothing to sign in with", async () => {
    const bad = await nativ(["languages"], { env: { ...env, NATIV_API_KEY: "nativ_wrong" } })
    expect(bad.code).toBe(3)
    const none = await nativ(["t", "Hi", "--to", "fr"], {
      env: { NATIV_API_URL: app.url, NATIV_CONFIG_DIR: "/nonexistent/nativ" },
    })
    expect(none.code).toBe(3)
    expect(none.stderr).toContain("nativ login")
  })

  it("4 for credits: a balance that cannot pay, with the server's message", async () => {
    const broke = await signedInUser(app, 0)
    const out = await nativ(["t", "Hello", "--to", "French"], {
      env: { ...env, NATIV_API_KEY: await apiKeyOf(app, broke) },
    })
    expect(out.code).toBe(4)
    expect(out.stderr).toMatch(/credit/i)
  })
})
