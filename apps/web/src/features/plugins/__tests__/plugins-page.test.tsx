import { screen, within } from "@testing-library/react"
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

  it("offers each plugin's build for this server as a download, with three install steps", () => {
    renderApp(<PluginsPage />, { path: "/plugins", auth: signedIn() })
    for (const [name, file, step] of [
      ["Figma Plugin", "nativ-figma.zip", /Plugins → Development → Import plugin from manifest…/],
      ["Photoshop Plugin", "nativ-photoshop.zip", /UXP Developer Tool, choose Add Plugin/],
    ] as const) {
      const link = screen.getByRole("link", { name: `Download for this server (${name}, ${file})` })
      expect(link).toHaveTextContent("Download for this server")
      expect(link).toHaveAttribute("href", `${testConfig.supabaseUrl}/plugins/${file.slice(6)}`)
      expect(link).toHaveAttribute("download", file)
      const install = link.closest("section")!
      expect(
        within(install).getByRole("heading", { name: "Install for this server" }),
      ).toBeVisible()
      const steps = within(install).getAllByRole("listitem")
      expect(steps).toHaveLength(3)
      expect(steps[0]).toHaveTextContent("Download the plugin for this server and unzip it.")
      expect(steps[1]).toHaveTextContent(step)
      expect(steps[1]).toHaveTextContent("manifest.json")
      expect(steps[2]).toHaveTextContent("Connect to Nativ")
    }
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
