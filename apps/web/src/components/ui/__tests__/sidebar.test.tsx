import { act, fireEvent, render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { describe, expect, it } from "vitest"

import { Sidebar, SidebarProvider, SidebarTrigger, useSidebar } from "../sidebar"

function State() {
  const { state } = useSidebar()
  return <p>{`sidebar ${state}`}</p>
}

const ui = (
  <SidebarProvider>
    <Sidebar>
      <p>items</p>
    </Sidebar>
    <SidebarTrigger />
    <State />
  </SidebarProvider>
)

describe("the sidebar", () => {
  it("starts expanded and remembers a collapse in a cookie for 7 days", async () => {
    const user = userEvent.setup()
    const writes: string[] = []
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, "cookie")!
    Object.defineProperty(document, "cookie", {
      configurable: true,
      get: () => descriptor.get!.call(document),
      set: (value: string) => {
        writes.push(value)
        descriptor.set!.call(document, value)
      },
    })
    try {
      render(ui)
      expect(screen.getByText("sidebar expanded")).toBeInTheDocument()
      await user.click(screen.getByRole("button", { name: "Toggle Sidebar" }))
      expect(screen.getByText("sidebar collapsed")).toBeInTheDocument()
      expect(writes.at(-1)).toMatch(/^sidebar_state=false; path=\/; max-age=604800/)
    } finally {
      delete (document as { cookie?: string }).cookie
    }
  })

  it("opens collapsed when the cookie says so", () => {
    document.cookie = "sidebar_state=false; path=/"
    render(ui)
    expect(screen.getByText("sidebar collapsed")).toBeInTheDocument()
  })

  it("toggles with Ctrl+B and Cmd+B but not with B alone", () => {
    render(ui)
    act(() => void fireEvent.keyDown(window, { key: "b", ctrlKey: true }))
    expect(screen.getByText("sidebar collapsed")).toBeInTheDocument()
    act(() => void fireEvent.keyDown(window, { key: "b", metaKey: true }))
    expect(screen.getByText("sidebar expanded")).toBeInTheDocument()
    act(() => void fireEvent.keyDown(window, { key: "b" }))
    expect(screen.getByText("sidebar expanded")).toBeInTheDocument()
  })
})
