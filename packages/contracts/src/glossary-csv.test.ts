import { describe, expect, it } from "vitest"

import {
  GlossaryCsvError,
  parseGlossaryCsv,
  parseGlossaryText,
  writeGlossaryCsv,
} from "./glossary-csv"

describe("parseGlossaryCsv", () => {
  it("parses plain rows", () => {
    expect(parseGlossaryCsv("source,target\nSign in,Anmelden\nLog out,Abmelden")).toEqual([
      { source: "Sign in", target: "Anmelden" },
      { source: "Log out", target: "Abmelden" },
    ])
  })

  it("parses quoted fields holding commas, doubled quotes and line breaks", () => {
    const csv =
      'source,target\n"Hello, world","Hallo, Welt"\n"Say ""hi""","Sag ""hallo"""\n"two\nlines",zwei'
    expect(parseGlossaryCsv(csv)).toEqual([
      { source: "Hello, world", target: "Hallo, Welt" },
      { source: 'Say "hi"', target: 'Sag "hallo"' },
      { source: "two\nlines", target: "zwei" },
    ])
  })

  it("handles a BOM, CRLF line ends, a quoted header and blank lines", () => {
    const csv = '\uFEFF"Source","Target"\r\n\r\nCart,Warenkorb\r\n  \r\n,\r\nCheckout,Kasse\r\n'
    expect(parseGlossaryCsv(csv)).toEqual([
      { source: "Cart", target: "Warenkorb" },
      { source: "Checkout", target: "Kasse" },
    ])
  })

  it("accepts semicolon-separated files from spreadsheets and ignores extra columns", () => {
    expect(parseGlossaryCsv("source;target;comment\nCart;Warenkorb;shop")).toEqual([
      { source: "Cart", target: "Warenkorb" },
    ])
  })

  it("returns no entries for a header alone", () => {
    expect(parseGlossaryCsv("source,target\n")).toEqual([])
  })

  it.each([
    ["", "The glossary CSV must start with the header row source,target (found an empty file)"],
    [
      "Cart,Warenkorb",
      'The glossary CSV must start with the header row source,target (found "Cart,Warenkorb")',
    ],
    ["source,target\nCart", "Glossary CSV line 2: both source and target are required"],
    ["source,target\n\nCart,", "Glossary CSV line 3: both source and target are required"],
    ['source,target\n"Cart,Warenkorb', "Glossary CSV line 2: a quoted field is not closed"],
    [
      'source,target\n"Cart"x,Warenkorb',
      'Glossary CSV line 2: unexpected text after a closing quote (write a quote inside a quoted field as "")',
    ],
  ])("refuses %j with a clear error", (csv, message) => {
    expect(() => parseGlossaryCsv(csv)).toThrow(new GlossaryCsvError(message))
  })

  it("counts lines inside quoted fields when naming a bad line", () => {
    expect(() => parseGlossaryCsv('source,target\n"a\nb",c\nd,')).toThrow(
      "Glossary CSV line 4: both source and target are required",
    )
  })

  it("reads tab-separated files and the SDKs' header term,translation", () => {
    expect(parseGlossaryCsv("term\ttranslation\nbrand\tmarque\n")).toEqual([
      { source: "brand", target: "marque" },
    ])
  })
})

describe("writeGlossaryCsv", () => {
  it("writes a header and quotes what needs quoting, so the file parses back to the same pairs", () => {
    const entries = [
      { source: "Hello, world", target: 'Sag "hallo"' },
      { source: "two\nlines", target: "zwei" },
    ]
    const csv = writeGlossaryCsv(entries)
    expect(csv.split("\r\n")[0]).toBe("source,target")
    expect(parseGlossaryCsv(csv)).toEqual(entries)
  })

  it("keeps cells that a spreadsheet would run as formulas as text", () => {
    const csv = writeGlossaryCsv([
      { source: "=1+1", target: "+cmd" },
      { source: "-x", target: "@SUM(A1)" },
      { source: "a=b", target: "ok" },
    ])
    expect(csv).toBe("source,target\r\n'=1+1,'+cmd\r\n'-x,'@SUM(A1)\r\na=b,ok")
  })
})

describe("parseGlossaryText", () => {
  it("reads one source=target pair per line, as Nativ's docs send an inline glossary", () => {
    expect(
      parseGlossaryText("free trial=kostenlose Testversion\r\n\n Sign in = Anmelden "),
    ).toEqual([
      { source: "free trial", target: "kostenlose Testversion" },
      { source: "Sign in", target: "Anmelden" },
    ])
    expect(parseGlossaryText("a=b=c")).toEqual([{ source: "a", target: "b=c" }])
  })

  it("reads CSV with its header, even when a cell holds an equals sign", () => {
    expect(parseGlossaryText("source,target\na=b,ok")).toEqual([{ source: "a=b", target: "ok" }])
    expect(parseGlossaryText("term,translation\nfree trial,Testversion")).toEqual([
      { source: "free trial", target: "Testversion" },
    ])
  })

  it("names the line of a pair missing its target", () => {
    expect(() => parseGlossaryText("free trial=Testversion\nSign in=")).toThrow(
      new GlossaryCsvError("Glossary line 2: write the pair as source=target"),
    )
  })
})
