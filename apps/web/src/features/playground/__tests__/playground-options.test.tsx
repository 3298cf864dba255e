import { screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest"

import { polyfillLayoutApis, type StubRequest, stubBackend } from "@/testing/api-stub"
import { signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"
import { findToast } from "@/testing/toasts"

import { requestOptions } from "../lib/playground-options"
import { PlaygroundPage } from "../playground-page"

beforeAll(polyfillLayoutApis)
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const french = {
  id: "l1",
  language: "French",
  language_code: "FR",
  formality: "formal",
  custom_style: null,
}
const answer = {
  translated_text: "Merci pour votre commande.",
  language: "French",
  language_code: "FR",
  cost: 0,
  credits_remaining: 41,
  engine: "offline",
  operation_id: "op-2",
  note: "Offline engine: … Back-translation is unavailable with the offline engine.",
  metadata: { word_count: 5, cost: 0 },
  from_memory: true,
  tm_match: {
    score: 100,
    match_type: "exact",
    source_text: "Thank you for your order.",
    target_text: "Merci pour votre commande.",
    tm_source: "memory",
    tm_source_name: null,
    tm_id: null,
    top_matches: [],
  },
  rationale: "- Nothing in the text needed French conventions.",
  backtranslation: null,
}

function backend(culturalize: (request: StubRequest) => { status?: number; json?: unknown }) {
  return stubBackend((request) =>
    request.url.pathname.endsWith("/user/languages")
      ? { json: { languages: [french] } }
      : request.url.pathname.endsWith("/text/culturalize")
        ? culturalize(request)
        : { status: 201 },
  )
}

function setup() {
  vi.spyOn(console, "error").mockImplementation(() => {})
  const user = userEvent.setup({ pointerEventsCheck: 0 })
  renderApp(<PlaygroundPage />, { path: "/playground", auth: signedIn() })
  return user
}

async function fillTextAndFrench(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Text to Culturalize"), "Thank you for your order.")
  await user.click(await screen.findByLabelText("Target Language"))
  await user.click(await screen.findByRole("option", { name: "French (FR)" }))
}

describe("the Playground's More options", { timeout: 20_000 }, () => {
  it("stays collapsed until opened from the keyboard, and sends what was set", async () => {
    const calls = backend(() => ({ json: answer }))
    const user = setup()
    const toggle = screen.getByRole("button", { name: "More options" })
    expect(toggle).toHaveAttribute("aria-expanded", "false")
    expect(screen.getByLabelText("Context")).not.toBeVisible()

    await fillTextAndFrench(user)
    toggle.focus()
    await user.keyboard("{Enter}")
    expect(toggle).toHaveAttribute("aria-expanded", "true")
    const formality = screen.getByLabelText("Formality")
    expect(formality).toHaveTextContent("Language default (Formal)")
    await user.click(formality)
    await user.click(await screen.findByRole("option", { name: "Very informal" }))
    await user.type(screen.getByLabelText("Context"), "  Order confirmation email ")
    expect(screen.getByText(/^27 \/ 2,000/)).toBeInTheDocument()
    await user.type(screen.getByLabelText("Max characters"), "80")
    await user.click(screen.getByRole("checkbox", { name: "Back-translate" }))
    // Closing keeps what was set.
    await user.click(toggle)
    expect(screen.getByLabelText("Context")).not.toBeVisible()
    await user.click(screen.getByRole("button", { name: "Culturalize" }))

    expect(await screen.findByTestId("culturalized-text")).toHaveTextContent(answer.translated_text)
    expect(calls.find((c) => c.url.pathname.endsWith("/text/culturalize"))?.body).toEqual({
      text: "Thank you for your order.",
      language: "French",
      language_code: "FR",
      tool: "dashboard",
      formality: "very_informal",
      context: "Order confirmation email",
      max_characters: 80,
      backtranslate: true,
      include_rationale: true,
      include_tm_info: true,
    })
  })

  it("shows the memory match, 'From memory', the rationale and an unavailable back-translation", async () => {
    backend(() => ({ json: answer }))
    const user = setup()
    await fillTextAndFrench(user)
    await user.click(screen.getByRole("button", { name: "Culturalize" }))

    expect(await screen.findByText("From memory — no credits charged")).toBeInTheDocument()
    expect(screen.getByTestId("culturalize-cost")).toHaveTextContent("Cost: 0 credits")
    const match = screen.getByRole("region", { name: "Translation memory match" })
    expect(within(match).getByText("100% match")).toBeInTheDocument()
    expect(within(match).getByText("Exact")).toBeInTheDocument()
    expect(within(match).getByText("Your earlier results")).toBeInTheDocument()
    expect(within(match).getByText("Thank you for your order.")).toBeInTheDocument()
    const rationale = screen.getByRole("region", { name: "Rationale" })
    expect(rationale).toHaveTextContent(answer.rationale)
    expect(screen.getByRole("region", { name: "Back-translation" })).toHaveTextContent(
      "Not available for this result",
    )
  })

  it("shows a fuzzy match and a back-translation, and nothing of memory for a charged result", async () => {
    backend(() => ({
      json: {
        ...answer,
        cost: 1,
        from_memory: false,
        tm_match: {
          ...answer.tm_match,
          score: 87.4,
          match_type: "fuzzy",
          source_text: "Thanks for your order!",
          tm_source: "manual",
          tm_source_name: "Checkout strings",
        },
        backtranslation: "Thank you for your order.",
      },
    }))
    const user = setup()
    await fillTextAndFrench(user)
    await user.click(screen.getByRole("button", { name: "Culturalize" }))

    const match = await screen.findByRole("region", { name: "Translation memory match" })
    expect(within(match).getByText("87% match")).toBeInTheDocument()
    expect(within(match).getByText("Fuzzy")).toBeInTheDocument()
    expect(within(match).getByText("Checkout strings")).toBeInTheDocument()
    expect(screen.getByTestId("backtranslation")).toHaveTextContent("Thank you for your order.")
    expect(screen.queryByText("From memory — no credits charged")).not.toBeInTheDocument()
  })

  it("refuses max characters that are not a whole number beside the field, opening the panel", async () => {
    const calls = backend(() => ({ json: answer }))
    const user = setup()
    await fillTextAndFrench(user)
    const toggle = screen.getByRole("button", { name: "More options" })
    await user.click(toggle)
    await user.type(screen.getByLabelText("Max characters"), "0")
    await user.click(toggle)
    await user.click(screen.getByRole("button", { name: "Culturalize" }))

    expect(toggle).toHaveAttribute("aria-expanded", "true")
    expect(screen.getByLabelText("Max characters")).toHaveAccessibleDescription(
      "Max characters must be a whole number from 1 to 100,000",
    )
    expect(calls.filter((c) => c.url.pathname.endsWith("/text/culturalize"))).toHaveLength(0)
  })

  it("shows a result that cannot fit max characters under 'Error culturalizing text'", async () => {
    const message =
      "The result is 31 characters long and cannot be made to fit 5 characters. Nothing was charged."
    backend(() => ({
      status: 422,
      json: { error: { code: "max_characters_exceeded", message } },
    }))
    const user = setup()
    await fillTextAndFrench(user)
    await user.click(screen.getByRole("button", { name: "More options" }))
    await user.type(screen.getByLabelText("Max characters"), "5")
    await user.click(screen.getByRole("button", { name: "Culturalize" }))

    await findToast("Error culturalizing text", message)
    expect(screen.queryByTestId("culturalized-text")).not.toBeInTheDocument()
  })
})

describe("requestOptions", () => {
  it("sends only what differs from the defaults", () => {
    const untouched = {
      formality: "default",
      context: "  ",
      maxCharacters: "",
      backtranslate: false,
    } as const
    expect(requestOptions(untouched)).toEqual({})
    expect(
      requestOptions({
        formality: "neutral",
        context: " x ",
        maxCharacters: " 12 ",
        backtranslate: true,
      }),
    ).toEqual({ formality: "neutral", context: "x", max_characters: 12, backtranslate: true })
  })
})
