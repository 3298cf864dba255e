import { describe, expect, it } from "vitest"

import { quickStartSnippets } from "../lib/quick-start-snippets"

const apiKey = "nativ_abc123"
const snippets = quickStartSnippets({ apiKey, apiUrl: "https://nativ.example.com/api/v1/" })
const code = (id: string) => snippets.find((s) => s.id === id)?.code ?? ""

describe("quickStartSnippets", () => {
  it("offers curl, Node with nativ, Node with @nativ/client and Python, in that order", () => {
    expect(snippets.map((s) => s.label)).toEqual([
      "curl",
      "Node (nativ)",
      "Node (@nativ/client)",
      "Python",
    ])
  })

  it("posts a French culturalize request with the key as a bearer token in curl", () => {
    expect(code("curl")).toBe(
      [
        'curl -X POST "https://nativ.example.com/api/v1/text/culturalize" \\',
        '  -H "Authorization: Bearer nativ_abc123" \\',
        '  -H "Content-Type: application/json" \\',
        `  -d '{"text":"Welcome to our store","language":"French"}'`,
      ].join("\n"),
    )
  })

  it("configures Nativ's Node SDK with the key and this server's API URL", () => {
    expect(code("node-sdk")).toContain('import { Nativ } from "nativ"')
    expect(code("node-sdk")).toContain('apiKey: "nativ_abc123"')
    expect(code("node-sdk")).toContain('baseUrl: "https://nativ.example.com/api/v1"')
    expect(code("node-sdk")).toContain('client.translate("Welcome to our store", "French")')
    expect(snippets[1]?.install).toBe("npm install nativ")
  })

  it("configures @nativ/client and calls culturalize", () => {
    expect(code("node-client")).toContain('import { createNativClient } from "@nativ/client"')
    expect(code("node-client")).toContain('baseUrl: "https://nativ.example.com/api/v1"')
    expect(code("node-client")).toContain('apiKey: "nativ_abc123"')
    expect(code("node-client")).toContain(
      'nativ.culturalize({ text: "Welcome to our store", language: "French" })',
    )
  })

  it("configures Nativ's Python SDK with api_key and base_url", () => {
    expect(code("python")).toContain("from nativ import Nativ")
    expect(code("python")).toContain('api_key="nativ_abc123"')
    expect(code("python")).toContain('base_url="https://nativ.example.com/api/v1"')
    expect(code("python")).toContain(
      'client.translate("Welcome to our store", target_language="French")',
    )
    expect(snippets[3]?.install).toBe("pip install nativ")
  })
})
