import { screen } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"

import { ASK_THE_OPERATOR } from "@/components/engine/engine-status"
import { stubBackend } from "@/testing/api-stub"
import { signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"

import { AboutTab } from "../components/about-tab"

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe("Settings → About", { timeout: 20_000 }, () => {
  it("keeps the version and support, and names the offline engine with what an owner asks for", async () => {
    stubBackend(() => ({ json: [] }))
    renderApp(<AboutTab />, { auth: signedIn() })
    expect(screen.getByText("1.0.0")).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "support@nativ.local" })).toBeInTheDocument()
    expect(screen.getByText("Offline (no translation model)")).toBeInTheDocument()
    expect(screen.getByTestId("engine-status")).toHaveTextContent(
      "Nativ keeps your words as written and adapts only numbers, dates, units and quotation marks",
    )
    expect(await screen.findByText(ASK_THE_OPERATOR)).toBeInTheDocument()
  })

  it("names a model engine's model", () => {
    stubBackend(() => ({ json: [] }))
    renderApp(<AboutTab />, {
      auth: signedIn(),
      config: { engine: { kind: "openai", model: "gpt-4o-mini" } },
    })
    expect(screen.getByText("gpt-4o-mini")).toBeInTheDocument()
    expect(screen.getByTestId("engine-status")).toHaveTextContent(
      "Texts are translated and adapted by the model gpt-4o-mini from an OpenAI-compatible service.",
    )
  })

  it("says nothing of an engine an older server does not name", () => {
    stubBackend(() => ({ json: [] }))
    renderApp(<AboutTab />, { auth: signedIn(), config: { engine: null } })
    expect(screen.queryByText("Engine")).toBeNull()
    expect(screen.getByText("1.0.0")).toBeInTheDocument()
  })
})
