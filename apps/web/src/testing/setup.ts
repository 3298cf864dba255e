import "@testing-library/jest-dom/vitest"

import { cleanup } from "@testing-library/react"
import { afterEach } from "vitest"

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
