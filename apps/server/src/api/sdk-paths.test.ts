import { dashboardPaths, isDashboardPath } from "@nativ/contracts/dashboard-paths"
import { describe, expect, it } from "vitest"

import { SDK_PATH_PREFIXES } from "./sdk-paths"

describe("the SDK paths answered at the root", () => {
  it("never take a dashboard route (the API Keys page is /api-keys)", () => {
    expect(Object.values(dashboardPaths)).toContain("/api-keys")
    for (const prefix of SDK_PATH_PREFIXES) {
      expect(isDashboardPath(prefix), prefix).toBe(false)
      expect(Object.values(dashboardPaths).some((path) => path.startsWith(`${prefix}/`))).toBe(
        false,
      )
    }
  })
})
