import { screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest"

import { ASK_THE_OPERATOR } from "@/components/engine/engine-status"
import type { RuntimeConfig } from "@/config/runtime-config"
import { polyfillLayoutApis, stubBackend } from "@/testing/api-stub"
import { signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"

import type { PlaygroundResult } from "../api/culturalize"
import { CulturalizeForm } from "../components/culturalize-form"
import { FeedbackCard, NOT_KEPT_IN_MEMORY } from "../components/feedback-card"
import { IGNORED_OFFLINE } from "../components/more-options"

beforeAll(polyfillLayoutApis)
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const OFFLINE_SENTENCE =
  "This server has no translation model: Nativ keeps your words as written and adapts only numbers, dates, units and quotation marks (and applies your glossary)."

function renderForm(
  config: Partial<RuntimeConfig> = {},
  role: "owner" | "admin" | "member" = "owner",
) {
  stubBackend(
    ({ url }) => ({ json: url.pathname.endsWith("/glossaries") ? { glossaries: [] } : [] }),
    undefined,
    { role },
  )
  return renderApp(
    <CulturalizeForm languages={[]} loadingLanguages={false} busy={false} onSubmit={() => {}} />,
    { auth: signedIn(), config },
  )
}

describe("the Playground before a run", { timeout: 20_000 }, () => {
  it("says the offline engine keeps the words, and tells an owner what to ask for", async () => {
    renderForm()
    const status = await screen.findByTestId("engine-status")
    expect(status).toHaveTextContent(OFFLINE_SENTENCE)
    expect(await within(status).findByText(ASK_THE_OPERATOR)).toBeInTheDocument()
  })

  it("spares a member the operator's settings", async () => {
    renderForm({}, "member")
    const status = await screen.findByTestId("engine-status")
    expect(status).toHaveTextContent(OFFLINE_SENTENCE)
    // The membership is read after the first paint: give it the time to arrive.
    await screen.findByRole("button", { name: "More options" })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(within(status).queryByText(ASK_THE_OPERATOR)).toBeNull()
  })

  it("names a model engine and its model, and marks no option as ignored", async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderForm({ engine: { kind: "anthropic", model: "claude-sonnet-4" } })
    expect(await screen.findByTestId("engine-status")).toHaveTextContent(
      "Texts are translated and adapted by the model claude-sonnet-4 from Anthropic.",
    )
    expect(screen.queryByText(ASK_THE_OPERATOR)).toBeNull()
    await user.click(screen.getByRole("button", { name: "More options" }))
    expect(screen.queryByText(IGNORED_OFFLINE)).toBeNull()
  })

  it("marks formality, context, back-translation and style as ignored by the offline engine", async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderForm()
    await user.click(screen.getByRole("button", { name: "More options" }))
    expect(screen.getAllByText(IGNORED_OFFLINE)).toHaveLength(3)
    expect(screen.getByLabelText("Context")).toHaveAccessibleDescription(
      expect.stringContaining(IGNORED_OFFLINE),
    )
    expect(screen.getByLabelText("Back-translate")).toHaveAccessibleDescription(
      expect.stringContaining(IGNORED_OFFLINE),
    )
    expect(
      screen.getByText("Your style guides, brand voice and language styles are ignored here too."),
    ).toBeInTheDocument()
  })

  it("counts the characters and estimates the cost at this server's price as one types", async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderForm({ creditsPer100Chars: 3 })
    const estimate = screen.getByTestId("cost-estimate")
    expect(estimate).toHaveTextContent("0 / 20,000 characters")
    expect(estimate).not.toHaveTextContent("credit")
    const text = screen.getByLabelText("Text to Culturalize")
    await user.type(text, "  Hello  ")
    expect(estimate).toHaveTextContent("5 / 20,000 characters · ≈ 3 credits")
    await user.clear(text)
    await user.click(text)
    await user.paste("x".repeat(101))
    expect(estimate).toHaveTextContent("101 / 20,000 characters · ≈ 6 credits")
    expect(text).toHaveAccessibleDescription(expect.stringContaining("≈ 6 credits"))
  })

  it("says one credit, not one credits", async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderForm()
    await user.type(screen.getByLabelText("Text to Culturalize"), "Hi")
    expect(screen.getByTestId("cost-estimate")).toHaveTextContent(
      "2 / 20,000 characters · ≈ 1 credit",
    )
  })
})

const result: PlaygroundResult = {
  source: "Save 5 miles",
  translated_text: "Save 8 km",
  language: "German",
  language_code: "DE",
  cost: 1,
  credits_remaining: 9,
  engine: "offline",
  operation_id: "op",
}

describe("the feedback card's memory note", { timeout: 20_000 }, () => {
  const renderCard = (card: PlaygroundResult) => {
    stubBackend(() => ({ status: 201 }))
    renderApp(<FeedbackCard result={card} />, { auth: signedIn() })
  }

  it("says a Good rating of an offline result will not be kept in memory", () => {
    renderCard(result)
    expect(screen.getByText(NOT_KEPT_IN_MEMORY)).toBeInTheDocument()
  })

  it("says nothing for a model's result", () => {
    renderCard({ ...result, engine: "openai" })
    expect(screen.queryByText(NOT_KEPT_IN_MEMORY)).toBeNull()
  })

  it("says nothing when the company's own memory entry answered", () => {
    renderCard({
      ...result,
      cost: 0,
      from_memory: true,
      tm_match: {
        score: 100,
        match_type: "exact",
        source_text: "Save 5 miles",
        target_text: "Sparen Sie 8 km",
        tm_source: "import",
        tm_source_name: null,
        tm_id: "tm-1",
        top_matches: [],
      },
    })
    expect(screen.queryByText(NOT_KEPT_IN_MEMORY)).toBeNull()
  })
})
