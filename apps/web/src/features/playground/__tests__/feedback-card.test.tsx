import { screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest"

import { polyfillLayoutApis, stubBackend } from "@/testing/api-stub"
import { buildAuthState, signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"
import { findToast } from "@/testing/toasts"

import { FeedbackCard } from "../components/feedback-card"
import type { PlaygroundResult } from "../api/culturalize"

beforeAll(polyfillLayoutApis)
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const result: PlaygroundResult = {
  source: "Hello",
  translated_text: "Bonjour",
  language: "French",
  language_code: "FR",
  cost: 1,
  credits_remaining: 9,
  engine: "offline",
  operation_id: "op",
}

describe("the feedback card", { timeout: 20_000 }, () => {
  it("needs a rating or words, saves the changed rating and resets for more", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const calls = stubBackend(() => ({ status: 201 }))
    const auth = signedIn()
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderApp(<FeedbackCard result={result} />, { auth })

    expect(screen.getByText("How was this result?")).toBeInTheDocument()
    await user.click(screen.getByRole("button", { name: "Submit Feedback" }))
    await findToast(
      "No feedback provided",
      "Please either like/dislike the result or provide written feedback",
    )

    await user.click(screen.getByRole("radio", { name: "Good" }))
    await user.click(screen.getByRole("radio", { name: "Poor" }))
    await user.type(screen.getByLabelText("Written feedback (optional)"), " Too formal ")
    await user.click(screen.getByRole("button", { name: "Submit Feedback" }))
    expect(await screen.findByText("Feedback submitted successfully!")).toBeInTheDocument()
    expect(
      screen.getByText("Thank you for your feedback! It helps us improve."),
    ).toBeInTheDocument()
    const insert = calls.find((c) => c.url.pathname === "/rest/v1/user_feedback")
    expect(insert?.method).toBe("POST")
    expect(insert?.body).toEqual({
      user_id: auth.user?.id,
      source: "Hello",
      result: "Bonjour",
      language: "French",
      approved: false,
      feedback: "Too formal",
    })

    await user.click(screen.getByRole("button", { name: "Submit More Feedback" }))
    expect(screen.getByRole("radio", { name: "Poor" })).not.toBeChecked()
    expect(screen.getByLabelText("Written feedback (optional)")).toHaveValue("")
  })

  it("reports 'User not authenticated' under 'Error submitting feedback'", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const calls = stubBackend(() => ({ status: 201 }))
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderApp(<FeedbackCard result={result} />, { auth: buildAuthState() })
    await user.click(screen.getByRole("radio", { name: "Good" }))
    await user.click(screen.getByRole("button", { name: "Submit Feedback" }))
    await findToast("Error submitting feedback", "User not authenticated")
    expect(calls).toHaveLength(0)
  })

  it("shows the server's message when the insert fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    stubBackend(() => ({ status: 403, json: { code: "42501", message: "permission denied" } }))
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderApp(<FeedbackCard result={result} />, { auth: signedIn() })
    await user.type(screen.getByLabelText("Written feedback (optional)"), "Nice")
    await user.click(screen.getByRole("button", { name: "Submit Feedback" }))
    await findToast("Error submitting feedback", "permission denied")
  })
})
