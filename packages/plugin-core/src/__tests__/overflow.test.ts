import { describe, expect, it } from "vitest"

import { classifyOverflow, findOverflows, type MeasuredText } from "../overflow"

const text = (over: Partial<MeasuredText>): MeasuredText => ({
  id: "1:1",
  characters: 40,
  resize: "fixed",
  box: { width: 100, height: 20 },
  needed: { width: 100, height: 20 },
  ...over,
})

describe("overflow rules", () => {
  it("calls a fixed box whose text needs more height Critical, with what fits", () => {
    const overflow = classifyOverflow(text({ needed: { width: 100, height: 40 } }))
    expect(overflow).toEqual({ id: "1:1", severity: "critical", fits: 18 })
  })

  it("lets a fixed box that holds its text pass, within layout rounding", () => {
    expect(classifyOverflow(text({ needed: { width: 100, height: 20.3 } }))).toBeNull()
  })

  it("calls an auto-width text wider than its fixed-width parent a Warning", () => {
    const overflow = classifyOverflow(
      text({ resize: "width-and-height", needed: { width: 300, height: 20 }, parentWidth: 150 }),
    )
    expect(overflow).toEqual({ id: "1:1", severity: "warning", fits: 18 })
    expect(
      classifyOverflow(text({ resize: "width-and-height", needed: { width: 300, height: 20 } })),
    ).toBeNull()
  })

  it("never flags a box that grows in height with its text", () => {
    expect(
      classifyOverflow(text({ resize: "height", needed: { width: 100, height: 90 } })),
    ).toBeNull()
  })

  it("lists critical overflows before warnings", () => {
    const found = findOverflows([
      text({
        id: "w",
        resize: "width-and-height",
        needed: { width: 300, height: 20 },
        parentWidth: 100,
      }),
      text({ id: "ok" }),
      text({ id: "c", needed: { width: 100, height: 60 } }),
    ])
    expect(found.map((o) => [o.id, o.severity])).toEqual([
      ["c", "critical"],
      ["w", "warning"],
    ])
  })
})
