import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { type NativClient, NativApiError } from "@nativ/client"
import { z } from "zod"

import {
  balanceText,
  batchText,
  guidesText,
  languagesText,
  matchesText,
  statsText,
  translationText,
} from "./format"

type JsonPath = "/style-guide" | "/style-guide/prompt" | "/master-tm/stats"

/** An openapi-fetch error body as the API error it is. */
function toApiError(error: unknown): NativApiError {
  const body = error as { error?: { code?: string; message?: string } } | undefined
  return new NativApiError(
    400,
    body?.error?.code ?? "invalid_request",
    body?.error?.message ?? "The Nativ API refused the request.",
  )
}

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

/**
 * Nativ as an MCP server: the tools, resources and prompts of Nativ's own stdio server (same names
 * and arguments, so prompts written for it work), over `client` — an API key's client for stdio,
 * the caller's own for the server's /mcp. Operations are recorded with tool `mcp`.
 */
export async function createNativMcpServer(client: NativClient): Promise<McpServer> {
  // Loaded on first use: the Nativ server starts without the SDK until /mcp is called.
  const { McpServer } = await import("@modelcontextprotocol/sdk/server/mcp.js")
  const server = new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS })

  /** The options both translate tools share, as the API takes them (empty = not sent). */
  const options = (args: {
    target_language: string
    target_language_code: string
    source_language: string
    source_language_code: string
    context: string
    formality: string
  }) => ({
    language: args.target_language,
    ...(args.target_language_code.trim() ? { language_code: args.target_language_code } : {}),
    source_language: args.source_language,
    source_language_code: args.source_language_code,
    tool: "mcp" as const,
    ...(args.context.trim() ? { context: args.context } : {}),
    ...(args.formality.trim() ? { formality: args.formality as "formal" } : {}),
  })
  const shared = {
    target_language: z.string().describe('Target language name, e.g. "French".'),
    target_language_code: z
      .string()
      .default("")
      .describe('ISO code, e.g. "FR"; looked up among your languages when empty.'),
    source_language: z.string().default("English").describe("Source language name."),
    source_language_code: z.string().default("en").describe("Source language code."),
    context: z
      .string()
      .default("")
      .describe('What the text is and where it appears, e.g. "mobile app button".'),
    formality: z
      .string()
      .default("")
      .describe("Tone override: very_informal, informal, neutral, formal or very_formal."),
  }

  server.registerTool(
    "translate",
    {
      description:
        "Translate and culturalize text with Nativ into a target language and culture, using the company's translation memory, style guides and brand voice. Charged in credits; an exact repeat within 90 days is free.",
      inputSchema: {
        text: z.string().describe("The text to translate."),
        ...shared,
        glossary: z
          .string()
          .default("")
          .describe('Terms to keep, as CSV with the header row "source,target".'),
        max_characters: z
          .number()
          .int()
          .default(0)
          .describe("Strict length limit for the result (0 = none)."),
        backtranslate: z.boolean().default(false).describe("Also translate the result back."),
      },
    },
    (args) =>
      asTool(async () => {
        const result = await client.culturalize({
          text: args.text,
          ...options(args),
          ...(args.glossary.trim() ? { glossary: args.glossary } : {}),
          ...(args.max_characters > 0 ? { max_characters: args.max_characters } : {}),
          backtranslate: args.backtranslate,
          include_tm_info: true,
          include_rationale: true,
        })
        return translationText(args.target_language, result)
      }),
  )

  server.registerTool(
    "translate_batch",
    {
      description:
        "Translate several texts (UI strings, i18n values) into one target language in one charged request.",
      inputSchema: {
        texts: z.array(z.string()).min(1).describe("The texts to translate."),
        ...shared,
      },
    },
    (args) =>
      asTool(async () => {
        const { data, error } = await client.POST("/text/culturalize-batch", {
          body: { items: args.texts.map((text) => ({ text })), ...options(args) },
        })
        if (!data) throw toApiError(error)
        return batchText(args.target_language, args.texts, data)
      }),
  )

  server.registerTool(
    "search_translation_memory",
    {
      description:
        "Search the company's translation memory for existing translations of similar texts.",
      inputSchema: {
        query: z.string().describe("Text to search for."),
        source_language_code: z.string().default("en"),
        target_language_code: z.string().default("").describe("Only this target language."),
        min_score: z.number().min(0).max(100).default(0).describe("Lowest score, 0–100."),
        limit: z.number().int().min(1).max(100).default(10),
      },
    },
    (args) =>
      asTool(async () => {
        const { data, error } = await client.GET("/master-tm/fuzzy-search", {
          params: {
            query: {
              query: args.query,
              source_lang: args.source_language_code,
              ...(args.target_language_code.trim()
                ? { target_lang: args.target_language_code }
                : {}),
              score_cutoff: args.min_score,
              limit: args.limit,
            },
          },
        })
        if (!data) throw toApiError(error)
        return matchesText(args.query, data.matches)
      }),
  )

  server.registerTool(
    "add_translation_memory_entry",
    {
      description: "Store an approved translation in the company's translation memory.",
      inputSchema: {
        source_text: z.string(),
        target_text: z.string(),
        source_language_code: z.string(),
        target_language_code: z.string(),
        name: z.string().default("").describe("A label, e.g. where the text appears."),
      },
    },
    (args) =>
      asTool(async () => {
        const { data, error } = await client.POST("/master-tm/entries", {
          body: {
            source_text: args.source_text,
            target_text: args.target_text,
            source_language_code: args.source_language_code,
            target_language_code: args.target_language_code,
            information_source: "manual",
            ...(args.name.trim() ? { source_name: args.name } : {}),
          },
        })
        if (!data) throw toApiError(error)
        return `Added to translation memory: "${data.source_text}" (${data.source_language_code}) → "${data.target_text}" (${data.target_language_code}).`
      }),
  )

  server.registerTool(
    "get_translation_memory_stats",
    { description: "How many translation memory entries the company has, by source." },
    () =>
      asTool(async () => {
        const { data, error } = await client.GET("/master-tm/stats")
        if (!data) throw toApiError(error)
        return statsText(data)
      }),
  )

  server.registerTool(
    "get_style_guides",
    { description: "The company's style guides: titles, rules and whether each is enabled." },
    () =>
      asTool(async () => {
        const { data, error } = await client.GET("/style-guide")
        if (!data) throw toApiError(error)
        return guidesText(data.guides)
      }),
  )

  server.registerTool(
    "get_brand_voice",
    { description: "The company's brand voice: how it sounds in every language." },
    () =>
      asTool(async () => {
        const { data, error } = await client.GET("/style-guide/prompt")
        if (!data) throw toApiError(error)
        return data.prompt
          ? `**Brand Voice:**\n\n${data.prompt}`
          : "No brand voice set. Set one on the Nativ dashboard: Settings → Style."
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

  const jsonResource = (name: string, uri: string, description: string, path: JsonPath) =>
    server.registerResource(
      name,
      uri,
      { description, mimeType: "application/json" },
      async (at) => {
        const { data, error } = await client.GET(path)
        if (!data) throw toApiError(error)
        return {
          contents: [
            { uri: at.href, mimeType: "application/json", text: JSON.stringify(data, null, 2) },
          ],
        }
      },
    )
  jsonResource("style-guides", "nativ://style-guides", "Style guides (JSON).", "/style-guide")
  jsonResource(
    "brand-prompt",
    "nativ://brand-prompt",
    "The brand voice (JSON).",
    "/style-guide/prompt",
  )
  jsonResource(
    "tm-stats",
    "nativ://tm/stats",
    "Translation memory statistics (JSON).",
    "/master-tm/stats",
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
      description:
        "Review a translation against the company's memory, style guides and brand voice (free).",
      argsSchema: {
        source_text: z.string().describe("The original text."),
        translated_text: z.string().describe("The translation to review."),
        target_language: z.string().describe("The target language name."),
      },
    },
    ({ source_text, translated_text, target_language }) =>
      userPrompt([
        `Review a ${target_language} translation with Nativ's free tools; a review costs no credits.`,
        "1. Call `get_brand_voice` and `get_style_guides` for the company's voice and rules.",
        `2. Call \`search_translation_memory\` with the source text for approved ${target_language} translations.`,
        "3. Judge the translation against them: meaning, consistency with the memory, brand voice,",
        "   tone and formality, and the culture's conventions (units, numbers, dates, currency,",
        "   quotation marks). Say what to keep, what to change and why.",
        "4. If it is good, offer to keep it with `add_translation_memory_entry`.",
        "Do not call `translate` (it is charged) unless the user asks for a new translation.",
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
        "3. Call `translate_batch` once per language with all the strings.",
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
