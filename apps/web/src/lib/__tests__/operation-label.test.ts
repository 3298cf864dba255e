import { describe, expect, it } from "vitest"

import { operationLabel } from "../operation-label"

describe("operationLabel", () => {
  it("reads a plugin's snake_case action as a sentence-case phrase", () => {
    expect(operationLabel("translate_layers")).toBe("Translate layers")
    expect(operationLabel("culturalize_text")).toBe("Culturalize text")
    expect(operationLabel("upload_glossary")).toBe("Upload glossary")
    expect(operationLabel("export")).toBe("Export")
  })

  it("gives the API's and a plugin's culturalize action the same label", () => {
    expect(operationLabel("Culturalize text")).toBe(operationLabel("culturalize_text"))
  })

  it("shows an action that is already a label as stored, trimmed", () => {
    expect(operationLabel("Localize visual")).toBe("Localize visual")
    expect(operationLabel("  Resize frame ")).toBe("Resize frame")
    expect(operationLabel("GPT_Rewrite")).toBe("GPT_Rewrite")
  })
})
