import { describe, expect, it } from "vitest"

import { importSummary } from "../components/import-csv-form"

const outcome = { success: true as const, format: "csv" as const, total_rows: 0, errors: [] }

describe("importSummary", () => {
  it("names entries updated only when there are some", () => {
    expect(importSummary({ ...outcome, added: 1, updated: 2, skipped: 3, failed: 0 })).toBe(
      "1 entry added, 2 updated, 3 unchanged (already in the memory)",
    )
    expect(importSummary({ ...outcome, added: 2, updated: 0, skipped: 0, failed: 1 })).toBe(
      "2 entries added, 0 unchanged (already in the memory), 1 failed",
    )
  })
})
