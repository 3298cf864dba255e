import "@testing-library/jest-dom/vitest"

import { cleanup, configure } from "@testing-library/react"
import { toast } from "sonner"
import { afterAll, afterEach, vi } from "vitest"

import { removeLayoutPolyfills } from "./layout-polyfills"
import { settleRetries } from "./stale-retries"

// findBy* and waitFor wait up to 5 s (the library's default is 1 s): CI runs these jsdom tests
// beside the server tests and Playwright on two cores, where one render can take seconds. The
// tests assert what appears, not how fast; a screen that never shows it still fails.
configure({ asyncUtilTimeout: 5_000 })

// jsdom has no matchMedia; the sidebar and theme read it. Tests set the width through
// `setViewportWidth` (render-app.tsx), which this stub answers from.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query)
    const matches = max ? window.innerWidth <= Number(max[1]) : false
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }
  }
}

afterEach(() => {
  cleanup()
  document.cookie.split(";").forEach((cookie) => {
    const name = cookie.split("=")[0]?.trim()
    if (name) document.cookie = `${name}=; path=/; max-age=0`
  })
})

// A worker runs its test files one after another in one window with one module cache (isolate:
// false in vite.config.ts, to spare each file a new jsdom and a fresh import of the app). Each file
// leaves the window as a new one would be for the next.
afterAll(async () => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  await settleRetries()
  // sonner's store outlives the Toaster and replays toasts still up to the next one mounted.
  toast.dismiss()
  localStorage.clear()
  sessionStorage.clear()
  history.replaceState(null, "", "/")
  document.head.replaceChildren()
  document.body.replaceChildren()
  for (const element of [document.documentElement, document.body])
    for (const { name } of [...element.attributes]) element.removeAttribute(name)
  removeLayoutPolyfills()
})
