import { screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest"

import { balanceKeys } from "@/lib/auth/balance-keys"
import { polyfillLayoutApis, type StubRequest, stubBackend } from "@/testing/api-stub"
import { signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"
import { findToast } from "@/testing/toasts"

import { PlaygroundPage } from "../playground-page"

beforeAll(polyfillLayoutApis)
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const languages = { languages: [{ id: "l1", language: "French", language_code: "FR" }] }
const answer = {
  translated_text: "Soldes de printemps : 1 234,50 $",
  language: "French",
  language_code: "FR",
  cost: 1,
  credits_remaining: 41,
  engine: "offline",
  operation_id: "op-1",
  note: "Offline engine: applied the glossary.",
}

function backend(culturalize: (request: StubRequest) => { status?: number; json?: unknown }) {
  return stubBackend((request) =>
    request.url.pathname.endsWith("/user/languages")
      ? { json: languages }
      : request.url.pathname.endsWith("/text/culturalize")
        ? culturalize(request)
        : { status: 201 },
  )
}

async function chooseFrench(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByLabelText("Target Language"))
  await user.click(await screen.findByRole("option", { name: "French (FR)" }))
}

describe("the Playground", { timeout: 20_000 }, () => {
  it("culturalizes with the glossary, shows the note and cost, and refreshes the balance", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const calls = backend(() => ({ json: answer }))
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    const { queryClient } = renderApp(<PlaygroundPage />, {
      path: "/playground",
      auth: signedIn(),
    })
    const invalidate = vi.spyOn(queryClient, "invalidateQueries")

    expect(
      screen.getByText('Enter text and click "Culturalize" to see the result here.'),
    ).toBeInTheDocument()
    const button = screen.getByRole("button", { name: "Culturalize" })
    expect(button).toBeDisabled()

    const file = new File(["source,target\nSpring Sale,Soldes de printemps\n"], "terms.csv", {
      type: "text/csv",
    })
    await user.upload(screen.getByLabelText(/Glossary CSV/), file)
    expect(await screen.findByText("CSV uploaded")).toBeInTheDocument()
    expect(screen.getByText("terms.csv has been selected for glossary")).toBeInTheDocument()

    await user.type(screen.getByLabelText("Text to Culturalize"), "Spring Sale: $1,234.50")
    await chooseFrench(user)
    await user.click(button)

    expect(await screen.findByTestId("culturalized-text")).toHaveTextContent(answer.translated_text)
    expect(screen.getByText(answer.note)).toBeInTheDocument()
    expect(screen.getByTestId("culturalize-cost")).toHaveTextContent(
      "Cost: 1 credit · Remaining balance: 41 credits",
    )
    expect(invalidate).toHaveBeenCalledWith({ queryKey: balanceKeys.all })
    const sent = calls.find((c) => c.url.pathname.endsWith("/text/culturalize"))
    expect(sent?.body).toEqual({
      text: "Spring Sale: $1,234.50",
      language: "French",
      language_code: "FR",
      tool: "dashboard",
      glossary: [{ source: "Spring Sale", target: "Soldes de printemps" }],
      include_rationale: true,
      include_tm_info: true,
    })
  })

  it("asks for a language on Ctrl+Enter and for text when it is only spaces", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const calls = backend(() => ({ json: answer }))
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderApp(<PlaygroundPage />, { path: "/playground", auth: signedIn() })

    await user.type(
      screen.getByLabelText("Text to Culturalize"),
      "Hello{Control>}{Enter}{/Control}",
    )
    expect(await screen.findByText("Language required")).toBeInTheDocument()

    await user.clear(screen.getByLabelText("Text to Culturalize"))
    await user.type(screen.getByLabelText("Text to Culturalize"), "   ")
    await chooseFrench(user)
    await user.click(screen.getByRole("button", { name: "Culturalize" }))
    expect(await screen.findByText("Text required")).toBeInTheDocument()
    expect(screen.getAllByText("Please enter some text to culturalize").length).toBeGreaterThan(0)
    expect(calls.filter((c) => c.url.pathname.endsWith("/text/culturalize"))).toHaveLength(0)
  })

  it("refuses a glossary that is not a CSV", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    backend(() => ({ json: answer }))
    const user = userEvent.setup({ applyAccept: false, pointerEventsCheck: 0 })
    renderApp(<PlaygroundPage />, { path: "/playground", auth: signedIn() })
    await user.upload(
      screen.getByLabelText(/Glossary CSV/),
      new File(["x"], "terms.txt", { type: "text/plain" }),
    )
    expect(await screen.findByText("Invalid file type")).toBeInTheDocument()
    expect(screen.getByText("Please upload a CSV file")).toBeInTheDocument()
    expect(screen.queryByTestId("glossary-file")).not.toBeInTheDocument()
  })

  it.each([
    [
      {
        status: 402,
        json: { error: { code: "insufficient_credits", message: "Not enough credits: buy more." } },
      },
      "Not enough credits: buy more.",
    ],
    [{ status: 500, json: {} }, "HTTP error! status: 500"],
    [{ json: { ...answer, translated_text: "" } }, "No translated text received"],
  ])(
    "reports a failed culturalize under 'Error culturalizing text' (%#)",
    async (reply, message) => {
      vi.spyOn(console, "error").mockImplementation(() => {})
      backend(() => reply)
      const user = userEvent.setup({ pointerEventsCheck: 0 })
      renderApp(<PlaygroundPage />, { path: "/playground", auth: signedIn() })
      await user.type(screen.getByLabelText("Text to Culturalize"), "Hello")
      await chooseFrench(user)
      await user.click(screen.getByRole("button", { name: "Culturalize" }))
      await findToast("Error culturalizing text", message)
      expect(screen.queryByTestId("culturalized-text")).not.toBeInTheDocument()
    },
  )
})
