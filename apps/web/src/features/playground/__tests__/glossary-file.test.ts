import { describe, expect, it } from "vitest"

import { UserFacingError } from "@/lib/errors"

import { isCsvFile, readGlossaryFile } from "../lib/glossary-file"

describe("the glossary file", () => {
  it("accepts CSV by MIME type or by the .csv ending, and nothing else", () => {
    expect(isCsvFile({ name: "terms", type: "text/csv" })).toBe(true)
    expect(isCsvFile({ name: "TERMS.CSV", type: "application/vnd.ms-excel" })).toBe(true)
    expect(isCsvFile({ name: "terms.txt", type: "text/plain" })).toBe(false)
  })

  it("parses the source,target pairs of a chosen file", async () => {
    const file = new File(['source,target\n"Sale, big",Soldes\n'], "g.csv", { type: "text/csv" })
    await expect(readGlossaryFile(file)).resolves.toEqual({
      fileName: "g.csv",
      entries: [{ source: "Sale, big", target: "Soldes" }],
    })
  })

  it("refuses another type as 'Invalid file type' and a bad header with the parser's reason", async () => {
    const text = new File(["x"], "g.txt", { type: "text/plain" })
    await expect(readGlossaryFile(text)).rejects.toMatchObject({
      title: "Invalid file type",
      message: "Please upload a CSV file",
    })
    const bad = new File(["word,meaning\na,b\n"], "g.csv", { type: "text/csv" })
    const error = await readGlossaryFile(bad).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UserFacingError)
    expect((error as Error).message).toMatch(/must start with the header row source,target/)
  })
})
