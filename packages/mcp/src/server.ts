import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { type NativClient, NativApiError } from "@nativ/client"
import { z } from "zod"

import { balanceText, languagesText, translationText } from "./format"

export const SERVER_INFO = { name: "nativ", version: "0.1.0" }

const INSTRUCTIONS =
  "Nativ culturalizes text: it translates and adapts it to a target culture (idioms, units, " +
  "number, date and currency formats, tone). Use `get_languages` for the company's target " +
  "languages, `translate` to culturalize, and `get_balance` before large jobs: every translation " +
  "is charged in credits."

type ToolResult = { content: { type: "text"; text: string }[]; isError?: boolean }

const text = (value: string): ToolResult => ({ content: [{ type: "text", text: value }] })

/** An API failure as the tool's error, in the API's own words (402 names the cost and balance). */
async function asTool(run: () => Promise<string>): Promise<ToolResult> {
  try {
    return text(await run())
  } catch (error) {
    if (error instanceof NativApiError) return { ...text(error.message), isError: true }
    throw error
  }
}

/** Arguments Nativ's own MCP server takes that this API does not apply yet (see the note). */
const NOT_YET_APPLIED = ["context", "formality", "max_characters", "backtranslate"] as const

/**
 * Nativ as an MCP server: the tools, resource and prompt of Nativ's own stdio server that this
 * API serves (same names and arguments, so prompts written for it work), over `client` — an API
 * key's client for stdio, the caller's own for the server's /mcp. Operations are recorded with
 * tool `mcp`.
 */
export async function createNativMcpServer(client: NativClient): Promise<McpServer> {
  // Loaded on first use: the Nativ server starts without the SDK until /mcp is called.
  const { McpServer } = await import("@modelcontextprotocol/sdk/server/mcp.js")
  const server = new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS })

  async function languageCode(name: string, code: string) {
    if (code.trim()) return code.trim()
    const { data } = await client.GET("/user/languages")
    const match = data?.languages.find(
      (l) => l.language.toLowerCase() === name.trim().toLowerCase(),
    )
    if (!match)
      throw new NativApiError(
        400,
        "invalid_request",
        `"${name}" is not one of your languages: pass target_language_code (e.g. "FR").`,
      )
    return match.language_code
  }

  server.registerTool(
    "translate",
    {
      description:
        "Translate and culturalize text with Nativ into a target language and culture. Charged in credits.",
      inputSchema: {
        text: z.string().describe("The text to translate."),
        target_language: z.string().describe('Target language name, e.g. "French".'),
        target_language_code: z
          .string()
          .default("")
          .describe('ISO code, e.g. "FR"; looked up among your languages when empty.'),
        source_language: z.string().default("English").describe("Source language name."),
        source_language_code: z.string().default("en").describe("Source language code."),
        context: z.string().default("").describe("What the text is for (not applied yet)."),
        glossary: z
          .string()
          .default("")
          .describe('Terms to keep, as CSV with the header row "source,target".'),
        formality: z.string().default("").describe("Tone override (not applied yet)."),
        max_characters: z.number().int().default(0).describe("Length limit (not applied yet)."),
        backtranslate: z.boolean().default(false).describe("Back-translation (not applied yet)."),
      },
    },
    (args) =>
      asTool(async () => {
        const result = await client.culturalize({
          text: args.text,
          language: args.target_language,
          language_code: await languageCode(args.target_language, args.target_language_code),
          tool: "mcp",
          ...(args.glossary.trim() ? { glossary: args.glossary } : {}),
        })
        const ignored = NOT_YET_APPLIED.filter((name) => Boolean(args[name]))
        return translationText(args.target_language, result, ignored)
      }),
  )

  server.registerTool(
    "get_languages",
    { description: "The target languages configured for your Nativ company." },
    () =>
      asTool(async () => {
        const { data } = await client.GET("/user/languages")
        return languagesText(data?.languages ?? [])
      }),
  )

  server.registerTool("get_balance", { description: "Your Nativ company's credit balance." }, () =>
    asTool(async () => {
      const { data } = await client.GET("/account")
      return balanceText(data!)
    }),
  )

  server.registerResource(
    "languages",
    "nativ://languages",
    { description: "Configured target languages (JSON).", mimeType: "application/json" },
    async (uri) => {
      const { data } = await client.GET("/user/languages")
      return {
        contents: [
          { uri: uri.href, mimeType: "application/json", text: JSON.stringify(data, null, 2) },
        ],
      }
    },
  )

  server.registerPrompt(
    "localize_content",
    {
      description: "Localize content into target languages with Nativ.",
      argsSchema: {
        content: z.string().describe("The content to localize."),
        target_languages: z
          .string()
          .optional()
          .describe("Comma-separated languages; empty for all configured ones."),
        context: z.string().optional().describe("What the content is for."),
      },
    },
    ({ content, target_languages, context }) =>
      userPrompt([
        "Localize the content below with Nativ.",
        "1. Call `get_languages` to see the company's target languages.",
        target_languages
          ? `2. Translate into: ${target_languages}.`
          : "2. Translate into every configured language.",
        "3. Call `translate` once per language; show a table: Language | Translation.",
        "",
        "## Content",
        content,
        ...(context ? ["", "## Context", context] : []),
      ]),
  )

  server.registerPrompt(
    "review_translation",
    {
      description: "Review a translation against a fresh Nativ culturalization.",
      argsSchema: {
        source_text: z.string().describe("The original text."),
        translated_text: z.string().describe("The translation to review."),
        target_language: z.string().describe("The target language name."),
      },
    },
    ({ source_text, translated_text, target_language }) =>
      userPrompt([
        `Review a ${target_language} translation with Nativ.`,
        `1. Call \`translate\` with the source text and target_language "${target_language}".`,
        "2. Compare the given translation with Nativ's: meaning, tone, and the culture's",
        "   conventions (units, numbers, dates, currency, quotation marks).",
        "3. Say what to keep, what to change and why.",
        "",
        "## Source text",
        source_text,
        "",
        `## Translation (${target_language})`,
        translated_text,
      ]),
  )

  server.registerPrompt(
    "batch_localize_strings",
    {
      description: "Localize a software project's strings (JSON, CSV or one per line) with Nativ.",
      argsSchema: {
        strings: z.string().describe("The strings: JSON, CSV or one per line."),
        target_languages: z
          .string()
          .optional()
          .describe("Comma-separated languages; empty for all configured ones."),
        format_hint: z.string().optional().describe('Output format: "json", "csv" or "plain".'),
      },
    },
    ({ strings, target_languages, format_hint }) =>
      userPrompt([
        "Localize the strings below with Nativ.",
        "1. Call `get_languages` to see the company's target languages.",
        `2. Parse the strings (format: ${format_hint ?? "json"}); keep keys and placeholders.`,
        "3. Call `translate` for each string and language.",
        `4. Answer in ${format_hint ?? "json"}, with the original keys and structure.`,
        "",
        "## Target languages",
        target_languages || "(all configured languages)",
        "",
        "## Strings",
        "```",
        strings,
        "```",
      ]),
  )

  return server
}

function userPrompt(lines: string[]) {
  return {
    messages: [
      { role: "user" as const, content: { type: "text" as const, text: lines.join("\n") } },
    ],
  }
}
