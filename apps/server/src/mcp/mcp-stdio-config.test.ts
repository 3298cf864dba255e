import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import type { CreatedApiKey } from "@nativ/contracts"
import { serverUrl } from "@nativ/mcp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { callApi, createApiTestApp, signedInUser } from "../api/api-test-kit"
import type { TestApp } from "../testing/test-app"

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..")
const STDIO_BIN = join(repoRoot, "packages/mcp/bin/nativ-mcp.js")

type ToolText = { content: { type: string; text: string }[]; isError?: boolean }

/** A desktop assistant's config copied from nativ-mcp's README names the server NATIV_API_URL. */
describe("npx nativ-mcp configured as nativ-mcp's documentation says", () => {
  let app: TestApp
  let key: string
  beforeAll(async () => {
    app = await createApiTestApp()
    const user = await signedInUser(app, 100)
    key = (
      await callApi<CreatedApiKey>(app, "/api-keys", {
        token: user.token,
        body: { name: "desktop" },
      })
    ).body.key
  })
  afterAll(() => app.close())

  it("reads the server from NATIV_API_URL, with or without /api/v1, and NATIV_URL still", () => {
    expect(serverUrl({ NATIV_API_URL: "https://nativ.example/" })).toBe("https://nativ.example")
    expect(serverUrl({ NATIV_API_URL: "https://nativ.example/api/v1" })).toBe(
      "https://nativ.example",
    )
    expect(serverUrl({ NATIV_URL: "http://127.0.0.1:9000" })).toBe("http://127.0.0.1:9000")
    expect(serverUrl({ NATIV_API_URL: " ", NATIV_URL: "http://a.example" })).toBe(
      "http://a.example",
    )
    expect(serverUrl({})).toBe("http://localhost:8080")
  })

  it("answers a tool against the server NATIV_API_URL names", async () => {
    for (const url of [app.url, `${app.url}/api/v1`]) {
      const client = new Client({ name: "desktop-test", version: "1.0.0" })
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [STDIO_BIN],
          env: { PATH: process.env.PATH ?? "", NATIV_API_KEY: key, NATIV_API_URL: url },
          stderr: "pipe",
        }),
      )
      try {
        const result = (await client.callTool({ name: "get_balance", arguments: {} })) as ToolText
        expect(result.isError, url).toBeFalsy()
        expect(result.content[0]!.text).toMatch(/100/)
      } finally {
        await client.close()
      }
    }
  })
})
