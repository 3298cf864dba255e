import Papa from "papaparse"
import { describe, expect, it } from "vitest"

import {
  CsvFileError,
  IMPORT_ROWS_MAX,
  parseTmCsv,
  planTmImport,
  tmEntriesToCsv,
} from "../lib/tm-csv"
import { buildTmEntry } from "./tm-server"

const defaults = { sourceLanguage: "en", targetLanguage: "de" }

describe("parseTmCsv", () => {
  it("reads source and target, numbering rows as a spreadsheet does", () => {
    const rows = parseTmCsv("source,target\nAdd to cart,In den Warenkorb\nCheckout,Kasse\n")
    expect(rows).toEqual([
      {
        row: 2,
        source: "Add to cart",
        target: "In den Warenkorb",
        sourceLanguage: "",
        targetLanguage: "",
        name: "",
      },
      {
        row: 3,
        source: "Checkout",
        target: "Kasse",
        sourceLanguage: "",
        targetLanguage: "",
        name: "",
      },
    ])
  })

  it("reads the optional columns in any order and case, a byte order mark and quoted cells", () => {
    const csv =
      '\uFEFFName,Target_Language,SOURCE,target,source language\n"Button, main","FR","Hello, ""you""","Bonjour\nà vous",EN\n'
    expect(parseTmCsv(csv)).toEqual([
      {
        row: 2,
        source: 'Hello, "you"',
        target: "Bonjour\nà vous",
        sourceLanguage: "EN",
        targetLanguage: "FR",
        name: "Button, main",
      },
    ])
  })

  it("skips blank rows but keeps counting them", () => {
    const rows = parseTmCsv("source,target\n\nA,B\n , \nC,D\n")
    expect(rows.map((r) => r.row)).toEqual([3, 5])
  })

  it("accepts semicolon-separated files as spreadsheets in many locales write them", () => {
    expect(parseTmCsv("source;target\nA;B\n\n")[0]).toMatchObject({ source: "A", target: "B" })
    expect(parseTmCsv("source\ttarget\nA, a\tB\n")[0]).toMatchObject({
      source: "A, a",
      target: "B",
    })
  })

  it("refuses a file without the source and target columns, naming what is missing", () => {
    expect(() => parseTmCsv("text,translation\nA,B\n")).toThrow(CsvFileError)
    expect(() => parseTmCsv("source,translation\nA,B\n")).toThrow("(missing: target)")
  })

  it("refuses a file with a header only, and one with too many rows", () => {
    expect(() => parseTmCsv("source,target\n")).toThrow("no rows")
    const big = `source,target\n${"a,b\n".repeat(IMPORT_ROWS_MAX + 1)}`
    expect(() => parseTmCsv(big)).toThrow(/at most 5,000/)
  })

  it("marks a row with more cells than the header", () => {
    const [, second] = parseTmCsv("source,target\nA,B\nHello, world,Hallo\n")
    expect(second).toMatchObject({ row: 3, problem: expect.stringMatching(/Too many fields/) })
  })
})

describe("planTmImport", () => {
  it("adds valid rows as imports, with the defaults for missing languages, lower-cased", () => {
    const rows = parseTmCsv("source,target,target_language,name\nA,B,FR,Hero\nC,D,,\n")
    expect(planTmImport(rows, defaults)).toEqual({
      entries: [
        {
          row: 2,
          entry: {
            source_text: "A",
            target_text: "B",
            source_language_code: "en",
            target_language_code: "fr",
            information_source: "import",
            source_name: "Hero",
          },
        },
        {
          row: 3,
          entry: {
            source_text: "C",
            target_text: "D",
            source_language_code: "en",
            target_language_code: "de",
            information_source: "import",
            source_name: null,
          },
        },
      ],
      errors: [],
    })
  })

  it("names each refused row and says why in the file's column names", () => {
    const rows = parseTmCsv(
      "source,target,target_language\nA,,de\n,B,de\nC,D,not a code\nE,F\nHello, world,Hallo,de\n",
    )
    const plan = planTmImport(rows, { sourceLanguage: "en", targetLanguage: "" })
    expect(plan.entries).toEqual([])
    expect(plan.errors).toEqual([
      { row: 2, message: "target cannot be empty" },
      { row: 3, message: "source cannot be empty" },
      {
        row: 4,
        message: "target_language may contain only letters, digits, - and _ (e.g. en, pt-BR)",
      },
      { row: 5, message: "target_language is required" },
      { row: 6, message: expect.stringMatching(/^Too many fields/) },
    ])
  })
})

describe("tmEntriesToCsv", () => {
  it("writes UTF-8 with a byte order mark and the columns the import reads", () => {
    const csv = tmEntriesToCsv([
      buildTmEntry({ source_text: "Grüße", target_text: "Salutations, ami", source_name: "Hero" }),
    ])
    expect(csv.startsWith("\uFEFFsource,target,source_language,target_language,name,")).toBe(true)
    expect(csv).toContain('Grüße,"Salutations, ami",en,de,Hero,manual,true,')
    const back = parseTmCsv(csv)
    expect(back[0]).toMatchObject({ source: "Grüße", target: "Salutations, ami", name: "Hero" })
  })

  it("prefixes cells a spreadsheet would run as formulas with a single quote", () => {
    const risky = ["=SUM(A1:A2)", "+1", "-2", "@cmd", "\tTab", '=HYPERLINK("x")\nsecond line']
    const csv = tmEntriesToCsv(
      risky.map((text) => buildTmEntry({ source_text: text, target_text: "safe" })),
    )
    const cells = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data.slice(1)
    expect(cells.map((row) => row[0])).toEqual(risky.map((text) => `'${text}`))
    expect(cells.map((row) => row[1])).toEqual(risky.map(() => "safe"))
  })

  it("leaves ordinary text alone, including a minus or equals sign inside it", () => {
    const csv = tmEntriesToCsv([buildTmEntry({ source_text: "a = b - c", target_text: "e-mail" })])
    expect(csv).toContain("a = b - c,e-mail,")
  })
})
