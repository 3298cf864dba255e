import { afterEach, describe, expect, it } from "vitest"

import { forgetReturnTo, rememberReturnTo, returnPath, safeReturnPath } from "../lib/return-to"

afterEach(() => sessionStorage.clear())

describe("where a sign-in may return to", () => {
  it("keeps a relative path on this dashboard with its query and hash", () => {
    expect(safeReturnPath("/connect?interaction=abc")).toBe("/connect?interaction=abc")
    expect(safeReturnPath("/activate?user_code=WDJB-MJHT#top")).toBe(
      "/activate?user_code=WDJB-MJHT#top",
    )
    expect(safeReturnPath("/settings")).toBe("/settings")
  })

  it.each([
    ["another site", "https://evil.example/connect"],
    ["a protocol-relative address", "//evil.example/connect"],
    ["a backslash the browser reads as a slash", "/\\evil.example"],
    ["a tab the browser drops", "/\t/evil.example"],
    ["a script", "javascript:alert(1)"],
    ["a relative path without its slash", "connect"],
    ["nothing", ""],
    ["no string at all", null],
  ])("refuses %s", (_what, value) => {
    expect(safeReturnPath(value)).toBeNull()
  })

  it("refuses the sign-in's own steps, which would go round in a circle", () => {
    expect(safeReturnPath("/auth")).toBeNull()
    expect(safeReturnPath("/mfa/")).toBeNull()
    expect(safeReturnPath("/signup?x=1")).toBeNull()
  })

  it("remembers a safe path across reloads of the tab and forgets it once used", () => {
    expect(returnPath()).toBe("/")
    rememberReturnTo("/connect?interaction=abc")
    expect(returnPath()).toBe("/connect?interaction=abc")
    forgetReturnTo()
    expect(returnPath()).toBe("/")
  })

  it("never remembers, nor returns to, another site", () => {
    rememberReturnTo("//evil.example")
    expect(returnPath()).toBe("/")
    sessionStorage.setItem("nativ.return-to", "https://evil.example/")
    expect(returnPath()).toBe("/")
  })
})
