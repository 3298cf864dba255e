import { AUDIT_ACTIONS, type AuditEvent } from "@nativ/contracts"
import { describe, expect, it } from "vitest"

import { activityCsv } from "../lib/activity-csv"
import { ACTIVITY_GROUPS, activitySearch } from "../lib/activity-filters"

describe("activity filters", () => {
  it("offers every kind of action the log records in exactly one group", () => {
    const kinds = new Set(AUDIT_ACTIONS.map((action) => action.split(".")[0]))
    const grouped = Object.values(ACTIVITY_GROUPS).flatMap((group) => [...group.kinds])
    expect(new Set(grouped)).toEqual(kinds)
    expect(grouped).toHaveLength(kinds.size)
  })

  it("asks the server for a group's kinds and the member, keeping the page", () => {
    expect(activitySearch({ group: "style", member: "m1" }, { limit: 25, before: "40" })).toBe(
      "limit=25&before=40&action=style_guide%2Cbrand_voice&member=m1",
    )
    expect(activitySearch({ group: null, member: null }, { limit: 200 })).toBe("limit=200")
  })
})

describe("activityCsv", () => {
  it("writes one row per event with its sentence, and escapes cells a spreadsheet would run", () => {
    const event: AuditEvent = {
      id: "1",
      actor_email: null,
      action: "style_guide.created",
      target: "=HYPERLINK(1)",
      details: { guide_id: "g1" },
      created_at: "2026-11-26T21:25:19.000Z",
    }
    const [header, row] = activityCsv([event]).trimEnd().split("\r\n")
    expect(header).toBe("time,member,action,target,description,details")
    expect(row).toBe(
      `2026-11-26T21:25:19.000Z,Nativ,style_guide.created,"'=HYPERLINK(1)",Nativ added style guide =HYPERLINK(1),"{""guide_id"":""g1""}"`,
    )
    expect(activityCsv([])).toBe("time,member,action,target,description,details\r\n")
  })
})
