import { render } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"

import { ThemeProvider } from "../theme-provider"

function systemPrefersDarkAfter(calls: number) {
  let seen = 0
  return vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return ++seen > calls
        },
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  )
}

afterEach(() => {
  vi.restoreAllMocks()
  document.documentElement.className = ""
})

describe("ThemeProvider", () => {
  it("follows a system switch to dark that happens before it starts listening", () => {
    // The first read (the initial render) sees light; by the time the listener is attached the
    // system is dark, and no change event will ever report it.
    systemPrefersDarkAfter(1)
    render(<ThemeProvider>page</ThemeProvider>)
    expect(document.documentElement.classList.contains("dark")).toBe(true)
  })

  it("stays light while the system is light", () => {
    systemPrefersDarkAfter(Number.POSITIVE_INFINITY)
    render(<ThemeProvider>page</ThemeProvider>)
    expect(document.documentElement.classList.contains("dark")).toBe(false)
  })
})
