import { describe, expect, it } from "vitest"

import { routeTitle } from "../route-title"

describe("routeTitle", () => {
  it("names each screen as the sidebar does, then Nativ", () => {
    expect(routeTitle("/")).toBe("Dashboard · Nativ")
    expect(routeTitle("/operations")).toBe("Operations · Nativ")
    expect(routeTitle("/translation-memory")).toBe("Translation Memory · Nativ")
    expect(routeTitle("/api-keys")).toBe("API Keys · Nativ")
    expect(routeTitle("/credits")).toBe("Buy Credits · Nativ")
    expect(routeTitle("/auth")).toBe("Sign in · Nativ")
    expect(routeTitle("/connect")).toBe("Connect an app · Nativ")
    expect(routeTitle("/activate")).toBe("Connect a device · Nativ")
  })

  it("finds a receipt by its pattern and a trailing slash by its route", () => {
    expect(routeTitle("/credits/receipts/abc-123")).toBe("Receipt · Nativ")
    expect(routeTitle("/settings/")).toBe("Settings · Nativ")
  })

  it("calls any other path the not-found page", () => {
    expect(routeTitle("/no-such-page")).toBe("Page not found · Nativ")
  })
})
