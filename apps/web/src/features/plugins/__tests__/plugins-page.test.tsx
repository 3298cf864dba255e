import { screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it, vi } from "vitest"

import { signedIn, testConfig } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"

import { PluginsPage } from "../plugins-page"

afterEach(() => vi.restoreAllMocks())

describe("Plugins", () => {
  it("opens each marketplace page in a new tab without ever showing its address", async () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null)
    const user = userEvent.setup()
    const { container } = renderApp(<PluginsPage />, { path: "/plugins", auth: signedIn() })

    expect(screen.getByText("Figma Plugin")).toBeInTheDocument()
    expect(screen.getByText("Photoshop Plugin")).toBeInTheDocument()
    expect(screen.getByText("Real-time collaboration")).toBeInTheDocument()
    expect(screen.getByText("Adobe Creative Cloud integration")).toBeInTheDocument()
    expect(container.innerHTML).not.toContain(testConfig.figmaPluginUrl)
    expect(container.innerHTML).not.toContain(testConfig.photoshopPluginUrl)

    await user.click(screen.getByRole("button", { name: /Get Plugin for Figma/ }))
    expect(open).toHaveBeenLastCalledWith(
      testConfig.figmaPluginUrl,
      "_blank",
      "noopener,noreferrer",
    )
    await user.click(screen.getByRole("button", { name: /Get Plugin for Adobe Photoshop/ }))
    expect(open).toHaveBeenLastCalledWith(
      testConfig.photoshopPluginUrl,
      "_blank",
      "noopener,noreferrer",
    )
  })

  it("offers help at the support e-mail", () => {
    renderApp(<PluginsPage />, { path: "/plugins", auth: signedIn() })
    expect(screen.getByRole("heading", { name: "Need Help Getting Started?" })).toBeInTheDocument()
    expect(screen.getByRole("link", { name: testConfig.supportEmail })).toHaveAttribute(
      "href",
      `mailto:${testConfig.supportEmail}`,
    )
  })
})
