import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js"
import type { CreatedApiKey } from "@nativ/contracts"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { callApi, createApiTestApp, signedInUser } from "../api/api-test-kit"
import type { TestApp } from "../testing/test-app"

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..")
const STDIO_BIN = join(repoRoot, "packages/mcp/bin/nativ-mcp.js")

type ToolText = { content: { type: string; text: string }[]; isError?: boolean }

/**
 * Nativ's MCP server driven by the MCP SDK's own client, over both transports, against the real
 * server: the tools, a translation charged once and recorded with tool `mcp`, and the API's
 * refusals as errors.
 */
describe("the MCP server", () => {
  let app: TestApp
  const accounts: { id: string; key: string }[] = []

  async function account(credits: number) {
    const user = await signedInUser(app, credits)
    const key = await callApi<CreatedApiKey>(app, "/api-keys", {
      token: user.token,
      body: { name: "assistant" },
    })
    const created = { id: user.id, key: key.body.key }
    accounts.push(created)
    return created
  }

  async function ledger(companyId: string) {
    const { rows } = await sql<{ credits: number; ops: number; tools: string[] }>`
      select u.credits::int as credits,
        (select count(*)::int from public.operations o where o.user_id = u.id) as ops,
        (select coalesce(array_agg(distinct o.tool), '{}') from public.operations o where o.user_id = u.id) as tools
      from public.users u where u.id = ${companyId}
    `.execute(app.deps.database.db)
    return rows[0]!
  }

  const transports: Record<string, (key: string) => Transport> = {
    "Streamable HTTP at /mcp": (key) =>
      new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${key}` } },
      }),
    "stdio (npx nativ-mcp)": (key) =>
      new StdioClientTransport({
        command: process.execPath,
        args: [STDIO_BIN],
        env: { PATH: process.env.PATH ?? "", NATIV_API_KEY: key, NATIV_URL: app.url },
        stderr: "pipe",
      }),
  }

  async function connect(transport: Transport) {
    const client = new Client({ name: "nativ-test", version: "1.0.0" })
    await client.connect(transport)
    return client
  }

  beforeAll(async () => {
    app = await createApiTestApp()
  })
  afterAll(() => app.close())

  for (const [name, transportFor] of Object.entries(transports)) {
    describe(name, () => {
      it("lists the tools and translates, charged once and recorded with tool mcp", async () => {
        const { id, key } = await account(1_000)
        const client = await connect(transportFor(key))
        try {
          const { tools } = await client.listTools()
          expect(tools.map((t) => t.name).sort()).toEqual([
            "add_translation_memory_entry",
            "get_balance",
            "get_brand_voice",
            "get_languages",
            "get_style_guides",
            "get_translation_memory_stats",
            "search_translation_memory",
            "translate",
            "translate_batch",
          ])
          const translate = tools.find((t) => t.name === "translate")!
          expect(Object.keys(translate.inputSchema.properties ?? {})).toEqual(
            expect.arrayContaining(["text", "target_language", "target_language_code", "glossary"]),
          )

          const result = (await client.callTool({
            name: "translate",
            arguments: {
              text: "Hello, friend",
              target_language: "French",
              target_language_code: "FR",
            },
          })) as ToolText
          expect(result.isError).toBeFalsy()
          expect(result.content[0]!.text).toMatch(/^\*\*Translation \(French\):\*\* .+/)
          const after = await ledger(id)
          expect(after.ops).toBe(1)
          expect(after.tools).toEqual(["mcp"])
          expect(result.content[0]!.text).toContain(
            `balance: ${after.credits.toLocaleString("en-US")} credits`,
          )
          expect(after.credits).toBeLessThan(1_000)

          const balance = (await client.callTool({
            name: "get_balance",
            arguments: {},
          })) as ToolText
          expect(balance.content[0]!.text).toContain(
            `${after.credits.toLocaleString("en-US")} credits`,
          )
          const call = async (tool: string, args: Record<string, unknown>) =>
            ((await client.callTool({ name: tool, arguments: args })) as ToolText).content[0]!.text
          expect(
            await call("add_translation_memory_entry", {
              source_text: "See you soon",
              target_text: "À bientôt",
              source_language_code: "en",
              target_language_code: "fr",
            }),
          ).toBe('Added to translation memory: "See you soon" (en) → "À bientôt" (fr).')
          expect(await call("search_translation_memory", { query: "See you very soon" })).toMatch(
            /\*\*\d+%\*\* \[fuzzy\] "See you soon" → "À bientôt" \(source: manual\)/,
          )
          expect(await call("get_translation_memory_stats", {})).toContain(
            "- Manual Entries: 1 entries (1 enabled)",
          )
          expect(await call("get_brand_voice", {})).toContain("No brand voice set.")
          const batch = await call("translate_batch", {
            texts: ["One", "Two"],
            target_language: "French",
            target_language_code: "FR",
          })
          expect(batch).toContain("**Batch translation to French** (2 items):")
          expect(batch).toContain('2. "Two" → "Two"')
          expect((await ledger(id)).ops).toBe(2)
          const repeat = await call("translate", {
            text: "Hello, friend",
            target_language: "French",
            target_language_code: "FR",
          })
          expect(repeat).toContain("From memory (an exact repeat): no credits charged")

          const { prompts } = await client.listPrompts()
          expect(prompts.map((p) => p.name).sort()).toEqual([
            "batch_localize_strings",
            "localize_content",
            "review_translation",
          ])
          const prompt = await client.getPrompt({
            name: "localize_content",
            arguments: { content: "Sale ends Friday", target_languages: "French" },
          })
          expect(prompt.messages[0]!.content).toMatchObject({
            type: "text",
            text: expect.stringContaining("Sale ends Friday"),
          })
          const guides = await client.readResource({ uri: "nativ://style-guides" })
          expect(JSON.parse((guides.contents[0] as { text: string }).text)).toEqual({ guides: [] })
          const resource = await client.readResource({ uri: "nativ://languages" })
          expect(JSON.parse((resource.contents[0] as { text: string }).text)).toEqual({
            languages: [],
          })
        } finally {
          await client.close()
        }
      })

      it("answers a short balance with the API's message naming the cost and the balance", async () => {
        const { id, key } = await account(0)
        const client = await connect(transportFor(key))
        try {
          const result = (await client.callTool({
            name: "translate",
            arguments: { text: "Hello", target_language: "German", target_language_code: "DE" },
          })) as ToolText
          expect(result.isError).toBe(true)
          expect(result.content[0]!.text).toMatch(
            /^Not enough credits: this text costs \d+ credits? and your balance is 0\./,
          )
          expect((await ledger(id)).ops).toBe(0)
        } finally {
          await client.close()
        }
      })
    })
  }

  it("refuses a bad key before any MCP message over HTTP, and as a tool error over stdio", async () => {
    const bad = "nativ_not-a-real-key-0000000000000000000000000"
    const refused = await connect(transports["Streamable HTTP at /mcp"]!(bad)).catch(
      (e: unknown) => e,
    )
    expect(String(refused)).toMatch(/401|Invalid API key/)

    const raw = await fetch(`${app.url}/mcp`, {
      method: "POST",
      headers: { Authorization: `Bearer ${bad}`, "Content-Type": "application/json" },
      body: "{}",
    })
    expect(raw.status).toBe(401)
    expect(await raw.json()).toEqual({
      error: { code: "unauthorized", message: "Invalid API key." },
      detail: "Invalid API key.",
    })

    const client = await connect(transports["stdio (npx nativ-mcp)"]!(bad))
    try {
      const result = (await client.callTool({ name: "get_balance", arguments: {} })) as ToolText
      expect(result).toMatchObject({ isError: true, content: [{ text: "Invalid API key." }] })
    } finally {
      await client.close()
    }
  })
})
