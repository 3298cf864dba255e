import type { MemberRole } from "@nativ/contracts"
import { screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest"

import { ApiError } from "@/lib/api-client"
import { polyfillLayoutApis, type StubReply, stubBackend } from "@/testing/api-stub"
import { signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"
import { findToast } from "@/testing/toasts"

import { describeRunError } from "../components/run-error"
import { PlaygroundPage } from "../playground-page"

beforeAll(polyfillLayoutApis)
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const languages = { languages: [{ id: "l1", language: "French", language_code: "FR" }] }
const answer = {
  translated_text: "Soldes de printemps",
  language: "French",
  language_code: "FR",
  cost: 1,
  credits_remaining: 41,
  engine: "offline",
  operation_id: "op-1",
}
const refusal = (status: number, code: string, message: string): StubReply => ({
  status,
  json: { error: { code, message } },
})

/** Answers each culturalize call with the next reply; the last one repeats. */
function backend(replies: StubReply[], role: MemberRole = "owner") {
  let call = 0
  return stubBackend(
    (request) =>
      request.url.pathname.endsWith("/user/languages")
        ? { json: languages }
        : request.url.pathname.endsWith("/text/culturalize")
          ? (replies[Math.min(call++, replies.length - 1)] as StubReply)
          : { status: 201 },
    undefined,
    { role },
  )
}

async function run(user: ReturnType<typeof userEvent.setup>, text = "Spring Sale") {
  const field = await screen.findByLabelText("Text to Culturalize")
  await user.clear(field)
  await user.type(field, text)
  const select = screen.getByLabelText("Target Language")
  if (!select.textContent?.includes("French")) {
    await user.click(select)
    await user.click(await screen.findByRole("option", { name: "French (FR)" }))
  }
  await user.click(screen.getByRole("button", { name: "Culturalize" }))
}

function setup(replies: StubReply[], role: MemberRole = "owner") {
  vi.spyOn(console, "error").mockImplementation(() => {})
  backend(replies, role)
  const user = userEvent.setup({ pointerEventsCheck: 0 })
  renderApp(<PlaygroundPage />, { path: "/playground", auth: signedIn() })
  return user
}

const panel = () => screen.findByRole("alert", {}, { timeout: 5000 })

describe("a refused Playground run is shown in the Result panel", { timeout: 20_000 }, () => {
  it("402: says so, that nothing was charged, offers Buy Credits and marks the old result", async () => {
    const message =
      "Not enough credits: this text costs 3 credits and your balance is 0. Buy credits to continue."
    const user = setup([{ json: answer }, refusal(402, "insufficient_credits", message)])
    await run(user)
    expect(await screen.findByTestId("culturalized-text")).toHaveTextContent("Soldes de printemps")
    expect(screen.queryByTestId("previous-result")).not.toBeInTheDocument()

    await run(user, "Summer Sale")
    const alert = await panel()
    expect(alert).toHaveTextContent("Not enough credits")
    expect(alert).toHaveTextContent(message)
    expect(alert).toHaveTextContent("Nothing was charged.")
    expect(within(alert).getByRole("link", { name: "Buy Credits" })).toHaveAttribute(
      "href",
      "/credits",
    )
    // The toast stays as well.
    await findToast("Error culturalizing text", message)
    // The previous result is still there, but marked as such.
    expect(screen.getByTestId("previous-result")).toHaveTextContent("Previous result")
    expect(screen.getByRole("group", { name: "Previous result" })).toHaveTextContent(
      "Soldes de printemps",
    )
  })

  it("402 for a member: whom to ask, and no Buy Credits link", async () => {
    const user = setup(
      [refusal(402, "insufficient_credits", "Not enough credits: this text costs 3 credits.")],
      "member",
    )
    await run(user)
    const alert = await panel()
    expect(alert).toHaveTextContent("Ask an owner or admin to buy credits.")
    expect(within(alert).queryByRole("link")).not.toBeInTheDocument()
    // No earlier result: nothing to mark, and the empty hint gives way to the error.
    expect(screen.queryByTestId("previous-result")).not.toBeInTheDocument()
    expect(
      screen.queryByText('Enter text and click "Culturalize" to see the result here.'),
    ).not.toBeInTheDocument()
  })

  it("422 max characters: the server's message once, and where the option is", async () => {
    const message =
      "The result is 19 characters long and does not fit max_characters (10). Nothing was charged: allow more characters or shorten the text."
    const user = setup([refusal(422, "max_characters_exceeded", message)])
    await run(user)
    const alert = await panel()
    expect(alert).toHaveTextContent("The result does not fit Max characters")
    expect(alert).toHaveTextContent(message)
    expect(within(alert).getAllByText(/Nothing was charged/)).toHaveLength(1)
    expect(alert).toHaveTextContent("Max characters is set under More options.")
  })

  it("429: when to try again, from the server's wait", async () => {
    const user = setup([
      refusal(
        429,
        "rate_limited",
        "Too many requests: at most 10 texts a minute for each member. Try again in 42 s.",
      ),
    ])
    await run(user)
    const alert = await panel()
    expect(alert).toHaveTextContent("Too many requests")
    expect(alert).toHaveTextContent("at most 10 texts a minute for each member.")
    expect(alert).toHaveTextContent("Nothing was charged.")
    expect(alert).toHaveTextContent(/Try again in 4[12] s\./)
    expect(within(alert).getAllByText(/Try again in/)).toHaveLength(1)
  })

  it("502: the engine failed, nothing was charged, run it again", async () => {
    const user = setup([
      refusal(502, "engine_failed", "The engine could not culturalize this text."),
    ])
    await run(user)
    const alert = await panel()
    expect(alert).toHaveTextContent("The engine could not finish")
    expect(alert).toHaveTextContent("The engine could not culturalize this text.")
    expect(alert).toHaveTextContent("Nothing was charged.")
    expect(alert).toHaveTextContent("Run it again in a moment.")
  })

  it("400: the request was refused, with the server's reason", async () => {
    const user = setup([refusal(400, "invalid_request", "text: must not be empty")])
    await run(user)
    const alert = await panel()
    expect(alert).toHaveTextContent("The request was refused")
    expect(alert).toHaveTextContent("text: must not be empty")
    expect(alert).toHaveTextContent("Nothing was charged.")
  })

  it("a successful run clears the error and the previous-result mark", async () => {
    const user = setup([
      { json: answer },
      refusal(402, "insufficient_credits", "Not enough credits."),
      { json: { ...answer, translated_text: "Soldes d'été", operation_id: "op-2" } },
    ])
    await run(user)
    await screen.findByTestId("culturalized-text")
    await run(user, "Summer Sale")
    await panel()
    await run(user, "Summer Sale!")
    expect(await screen.findByText("Soldes d'été")).toBeInTheDocument()
    expect(screen.queryByRole("alert")).not.toBeInTheDocument()
    expect(screen.queryByTestId("previous-result")).not.toBeInTheDocument()
  })
})

describe("the Playground's languages", { timeout: 20_000 }, () => {
  it("a failed read shows the error with Retry, never 'No languages yet'", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    let healed = false
    stubBackend((request) =>
      request.url.pathname.endsWith("/user/languages")
        ? healed
          ? { json: languages }
          : refusal(500, "internal_error", "Database down")
        : { status: 201 },
    )
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderApp(<PlaygroundPage />, { path: "/playground", auth: signedIn() })
    const alert = await panel()
    expect(alert).toHaveTextContent("Your languages could not be loaded.")
    expect(screen.queryByText(/No languages yet/)).not.toBeInTheDocument()

    healed = true
    await user.click(within(alert).getByRole("button", { name: "Retry" }))
    await user.click(await screen.findByLabelText("Target Language"))
    expect(await screen.findByRole("option", { name: "French (FR)" })).toBeInTheDocument()
    expect(screen.queryByText("Your languages could not be loaded.")).not.toBeInTheDocument()
  })
})

describe("describeRunError", () => {
  it("claims nothing about charges for a failure that is not the API's answer", () => {
    const info = describeRunError(new TypeError("Failed to fetch"))
    expect(info).toMatchObject({ title: "Culturalization failed", notCharged: false })
  })

  it("reads a 504 without a known code as the engine failing", () => {
    expect(describeRunError(new ApiError(504, undefined, "HTTP error! status: 504"))).toMatchObject(
      { title: "The engine could not finish", notCharged: true },
    )
  })
})
