import type { MemberRole } from "@nativ/contracts"
import { screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it, vi } from "vitest"

import { type StubRequest, stubBackend } from "@/testing/api-stub"
import { signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"

import { FirstStepsCard } from "../components/first-steps-card"

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  window.localStorage.clear()
})

type Company = { credits: number; languages: number }

/** Answers each read the checklist makes, like the server would for `company`. */
function companyServer(company: Company) {
  return (request: StubRequest) => {
    const path = request.url.pathname
    if (path === "/rest/v1/users") return { json: { credits: company.credits } }
    if (path === "/rest/v1/credit_ledger") return { json: [] }
    // A head-only count; the stub sends no Content-Range, which reads as no runs.
    if (path === "/rest/v1/operations") return { json: [] }
    if (path === "/api/v1/user/languages")
      return {
        json: {
          languages: Array.from({ length: company.languages }, (_, i) => ({
            id: `l${i}`,
            language: "French",
            language_code: "FR",
            formality: null,
            custom_style: null,
          })),
        },
      }
    if (path === "/api/v1/api-keys") return { json: { api_keys: [] } }
    return { status: 404, json: {} }
  }
}

function show(company: Company, role: MemberRole = "owner") {
  stubBackend(companyServer(company), undefined, { role })
  renderApp(<FirstStepsCard />, { auth: signedIn() })
}

describe("the dashboard's Get started card", () => {
  it("lists a new company's steps with links, and the ones already done", async () => {
    show({ credits: 50, languages: 0 })
    const card = await screen.findByRole("region", { name: "Get started" })
    expect(card).toHaveTextContent("1 of 5 done.")
    expect(
      within(card).getByRole("link", { name: /^Add a language\s*\(to do\)$/ }),
    ).toHaveAttribute("href", "/settings?tab=languages")
    expect(within(card).getByRole("link", { name: /^Get credits\s*\(done\)$/ })).toHaveAttribute(
      "href",
      "/credits",
    )
  })

  it("shows a member only the steps a member can take", async () => {
    show({ credits: 0, languages: 0 }, "member")
    const card = await screen.findByRole("region", { name: "Get started" })
    expect(
      within(card)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Try the Playground (to do)", "Create an API key (to do)", "Get a plugin (to do)"])
  })

  it("stays dismissed for the company once dismissed", async () => {
    const user = userEvent.setup()
    show({ credits: 0, languages: 0 })
    await screen.findByRole("region", { name: "Get started" })
    await user.click(screen.getByRole("button", { name: "Dismiss Get started" }))
    expect(screen.queryByRole("region", { name: "Get started" })).toBeNull()
    expect(Object.keys(window.localStorage)).toEqual([
      expect.stringMatching(/^nativ:first-steps:.+:dismissed$/),
    ])
  })
})
