import { screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"

import { SidebarProvider } from "@/components/ui/sidebar"
import { renderApp } from "@/testing/render-app"

import { SiteHeader } from "../site-header"

const header = (credits: number | null) => (
  <SidebarProvider>
    <SiteHeader credits={credits} />
  </SidebarProvider>
)

describe("the site header", () => {
  it("shows the balance with thousands separators and the word 'credits'", () => {
    renderApp(header(1234567))
    expect(screen.getByTestId("credit-balance")).toHaveTextContent("1,234,567 credits")
    expect(screen.getByText("Nativ - Admin Dashboard")).toBeInTheDocument()
  })

  it("shows a zero balance", () => {
    renderApp(header(0))
    expect(screen.getByTestId("credit-balance")).toHaveTextContent("0 credits")
  })

  it("hides the balance block when the balance is null", () => {
    renderApp(header(null))
    expect(screen.queryByTestId("credit-balance")).not.toBeInTheDocument()
    expect(screen.queryByText(/credits$/)).not.toBeInTheDocument()
  })

  it("links 'Buy Credits' to /credits", () => {
    renderApp(header(10))
    expect(screen.getByRole("link", { name: "Buy Credits" })).toHaveAttribute("href", "/credits")
  })
})
