import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js"
import { createNativClient } from "@nativ/client"

import { createNativMcpServer } from "./server"
import { serverUrl } from "./server-url"

/**
 * `npx nativ-mcp`: Nativ's MCP server over stdio for desktop assistants, configured with
 * NATIV_API_KEY (an API key from the dashboard) and the Nativ server: NATIV_API_URL, as nativ-mcp's
 * documented configuration names it (so a copied config works), or NATIV_URL; default
 * http://localhost:8080. Either may end in /api/v1. Logs go to stderr: stdout carries the protocol.
 */
export async function runStdio(env: Record<string, string | undefined> = process.env) {
  const apiKey = env.NATIV_API_KEY?.trim()
  if (!apiKey) {
    process.stderr.write(
      "NATIV_API_KEY is required: create a key on the Nativ dashboard's API Keys page.\n",
    )
    process.exit(2)
  }
  const url = serverUrl(env)
  const client = createNativClient({ baseUrl: `${url}/api/v1`, apiKey })
  const server = await createNativMcpServer(client)
  await server.connect(new StdioServerTransport())
  process.stderr.write(`nativ-mcp: serving ${url} over stdio\n`)
}
