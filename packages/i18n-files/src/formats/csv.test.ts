import { describe, expect, it } from "vitest"

import type { FileFormatError, Translation } from "../types"
import { csvHandler } from "./csv"

const render = (content: string, translations: Record<string, string>, language = "fr") =>
  csvHandler.render(
    csvHandler.parse(content),
    new Map(
      Object.entries(translations).map(([key, text]): [string, Translation] => [key, { text }]),
    ),
    { targetLanguage: language },
  )

describe("CSV files", () => {
  it("read key, source and an existing target, with or without a header", () => {
    const file = csvHandler.parse('key,en,fr\ngreeting,"Hello, {name}",\nbye,Goodbye,Au revoir\n')
    expect(file.sourceLanguage).toBe("en")
    expect(file.units).toEqual([
      { key: "greeting", source: "Hello, {name}" },
      { key: "bye", source: "Goodbye", target: "Au revoir" },
    ])
    expect(csvHandler.parse("a,Apple\nb,Banana").units).toEqual([
      { key: "a", source: "Apple" },
      { key: "b", source: "Banana" },
    ])
  })

  it("write back byte for byte when nothing is translated", () => {
    for (const content of [
      'key,en\r\nx,"a ""quoted"" word"\r\n',
      '"a","one"\n"b","two"\n',
      "k;v\nx;y",
    ])
      expect(render(content, {})).toBe(content)
  })

  it("put translations in the third column, quoted where CSV needs it", () => {
    expect(
      render('key,en\ngreeting,"Hello, {name}"\nmulti,"Line one\nLine two"\n', {
        greeting: "Bonjour, {name}",
        multi: 'Ligne "un"\nLigne deux',
      }),
    ).toBe(
      'key,en,fr\ngreeting,"Hello, {name}","Bonjour, {name}"\nmulti,"Line one\nLine two","Ligne ""un""\nLigne deux"\n',
    )
    expect(render('"a","Apple"\n', { a: "Pomme" })).toBe('"a","Apple","Pomme"\n')
    expect(render("key,en,fr\na,Apple,Pomme\n", { a: "Apfel" }, "de")).toBe(
      "key,en,de\na,Apple,Apfel\n",
    )
    expect(render("key,en,target\na,Apple,\n", { a: "Apfel" }, "de")).toBe(
      "key,en,target\na,Apple,Apfel\n",
    )
    expect(render("a;Apple;x;note\n", { a: "Pomme; verte" })).toBe('a;Apple;"Pomme; verte";note\n')
  })

  it("name the line of an unterminated quote and of a repeated key", () => {
    expect(() => csvHandler.parse('key,en\na,"open\nb,c\n')).toThrow(
      expect.objectContaining({ code: "malformed", line: 2 }) as FileFormatError,
    )
    expect(() => csvHandler.parse("a,1\nb,2\na,3\n")).toThrow(
      expect.objectContaining({
        code: "malformed",
        line: 3,
        message: expect.stringContaining("line 1 and line 3"),
      }) as FileFormatError,
    )
  })

  it("refuse more rows than the string limit", () => {
    const rows = Array.from({ length: 12 }, (_, i) => `k${i},v`).join("\n")
    expect(() => csvHandler.parse(rows, { limits: { maxStrings: 10 } })).toThrow(
      expect.objectContaining({ code: "too_many_strings" }) as FileFormatError,
    )
  })
})
