import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import type { CreatedApiKey } from "@nativ/contracts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { callApi, createApiTestApp, signedInUser } from "../api/api-test-kit"
import type { TestApp } from "../testing/test-app"

type ToolText = { content: { type: string; text: string }[]; isError?: boolean }
type PromptText = { messages: { content: { type: string; text: string } }[] }

/** /mcp as clients configured like Nativ's own MCP server reach it. */
describe("/mcp with Nativ's conventions", () => {
  let app: TestApp
  let key: string
  beforeAll(async () => {
    app = await createApiTestApp()
    const user = await signedInUser(app, 250)
    key = (
      await callApi<CreatedApiKey>(app, "/api-keys", {
        token: user.token,
        body: { name: "assistant" },
      })
    ).body.key
  })
  afterAll(() => app.close())

  async function connectWith(headers: Record<string, string>) {
    const client = new Client({ name: "nativ-compat-test", version: "1.0.0" })
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), {
        requestInit: { headers },
      }),
    )
    return client
  }

  it("runs tools for a key sent as X-API-Key, end to end", async () => {
    const client = await connectWith({ "X-API-Key": key })
    try {
      const balance = (await client.callTool({ name: "get_balance", arguments: {} })) as ToolText
      expect(balance.isError).toBeFalsy()
      expect(balance.content[0]!.text).toMatch(/250/)
      const languages = (await client.callTool({
        name: "get_languages",
        arguments: {},
      })) as ToolText
      expect(languages.isError).toBeFalsy()
    } finally {
      await client.close()
    }
  })

  it("reviews a translation with free tools only, unless the user asks to translate", async () => {
    const client = await connectWith({ Authorization: `Bearer ${key}` })
    try {
      const prompt = (await client.getPrompt({
        name: "review_translation",
        arguments: {
          source_text: "Add to cart",
          translated_text: "In den Warenkorb",
          target_language: "German",
        },
      })) as PromptText
      const text = prompt.messages.map((m) => m.content.text).join("\n")
      for (const tool of ["get_brand_voice", "get_style_guides", "search_translation_memory"])
        expect(text).toContain(`\`${tool}\``)
      expect(text).not.toMatch(/^\d\. Call `translate`/m)
      expect(text).toMatch(/Do not call `translate` \(it is charged\) unless the user asks/)
    } finally {
      await client.close()
    }
  })
})
