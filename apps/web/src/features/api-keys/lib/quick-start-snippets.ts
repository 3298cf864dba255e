/** One ready-to-paste way to call the API with a new key. */
export type QuickStartSnippet = {
  id: "curl" | "node-sdk" | "node-client" | "python"
  label: string
  /** What to install first; null when nothing is needed. */
  install: string | null
  code: string
}

/** The sample request every snippet sends, so each one shows the same answer. */
export const SAMPLE_TEXT = "Welcome to our store"
export const SAMPLE_LANGUAGE = "French"

/**
 * The quick-start snippets for `apiKey` against this server's `apiUrl` (…/api/v1, from
 * /config.json). Nativ's SDKs take the same base URL: nativ-node resolves its paths from the host
 * and nativ-python appends them, and the server answers both (README, "Nativ's SDKs").
 */
export function quickStartSnippets({
  apiUrl,
  apiKey,
}: {
  apiUrl: string
  apiKey: string
}): QuickStartSnippet[] {
  const base = apiUrl.replace(/\/+$/, "")
  const body = JSON.stringify({ text: SAMPLE_TEXT, language: SAMPLE_LANGUAGE })
  return [
    {
      id: "curl",
      label: "curl",
      install: null,
      code: [
        `curl -X POST "${base}/text/culturalize" \\`,
        `  -H "Authorization: Bearer ${apiKey}" \\`,
        `  -H "Content-Type: application/json" \\`,
        `  -d '${body}'`,
      ].join("\n"),
    },
    {
      id: "node-sdk",
      label: "Node (nativ)",
      install: "npm install nativ",
      code: [
        `import { Nativ } from "nativ"`,
        ``,
        `const client = new Nativ({`,
        `  apiKey: "${apiKey}",`,
        `  baseUrl: "${base}",`,
        `})`,
        `const result = await client.translate("${SAMPLE_TEXT}", "${SAMPLE_LANGUAGE}")`,
        `console.log(result.translatedText)`,
      ].join("\n"),
    },
    {
      id: "node-client",
      label: "Node (@nativ/client)",
      // A workspace package of this repository (packages/client), not on the npm registry.
      install: null,
      code: [
        `import { createNativClient } from "@nativ/client"`,
        ``,
        `const nativ = createNativClient({`,
        `  baseUrl: "${base}",`,
        `  apiKey: "${apiKey}",`,
        `})`,
        `const result = await nativ.culturalize({ text: "${SAMPLE_TEXT}", language: "${SAMPLE_LANGUAGE}" })`,
        `console.log(result.translated_text)`,
      ].join("\n"),
    },
    {
      id: "python",
      label: "Python",
      install: "pip install nativ",
      code: [
        `from nativ import Nativ`,
        ``,
        `client = Nativ(`,
        `    api_key="${apiKey}",`,
        `    base_url="${base}",`,
        `)`,
        `result = client.translate("${SAMPLE_TEXT}", target_language="${SAMPLE_LANGUAGE}")`,
        `print(result.translated_text)`,
      ].join("\n"),
    },
  ]
}
