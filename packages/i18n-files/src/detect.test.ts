import { describe, expect, it } from "vitest"

import { decodeFile } from "./decode"
import { detectFormat } from "./detect"
import { parseFile, renderFile } from "./formats"
import type { FileFormatError } from "./types"

describe("detectFormat", () => {
  it("goes by the extension first", () => {
    expect(detectFormat("app_en.arb", "{}")).toBe("arb")
    expect(detectFormat("Localizable.xcstrings", "{}")).toBe("xcstrings")
    expect(detectFormat("config/locales/en.yml", "")).toBe("yaml")
    expect(detectFormat("strings.CSV", "")).toBe("csv")
    expect(detectFormat("messages.pot", "")).toBe("po")
    expect(detectFormat("Main.xliff", "")).toBe("xliff")
    expect(detectFormat("Localizable.strings", "")).toBe("strings")
    expect(detectFormat("Localizable.stringsdict", "")).toBe("stringsdict")
  })

  it("tells the JSON formats apart by their content", () => {
    expect(detectFormat("en.json", '{"home": {"title": "Home"}}')).toBe("json")
    expect(detectFormat("en.json", '{"item_one": "1 item", "item_other": "{{count}} items"}')).toBe(
      "i18next",
    )
    expect(detectFormat("en.json", '{"@@locale": "en", "hi": "Hi"}')).toBe("arb")
    expect(detectFormat("en.json", '{"hi": "Hi", "@hi": {"description": "greeting"}}')).toBe("arb")
    expect(
      detectFormat("x.json", '{"sourceLanguage": "en", "strings": {}, "version": "1.0"}'),
    ).toBe("xcstrings")
    expect(detectFormat("broken.json", "{")).toBe("json")
  })

  it("reads .xml as Android resources only when it is one", () => {
    expect(detectFormat("strings.xml", '<?xml version="1.0"?>\n<resources>\n</resources>')).toBe(
      "android",
    )
    expect(detectFormat("pom.xml", "<project></project>")).toBeNull()
    expect(detectFormat("notes.txt", "just words")).toBeNull()
  })
})

describe("decodeFile", () => {
  it("reads UTF-8 with or without a byte order mark and UTF-16 with one", () => {
    const utf8 = new TextEncoder().encode('{"a": "é"}')
    expect(decodeFile(utf8)).toBe('{"a": "é"}')
    expect(decodeFile(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toBe('{"a": "é"}')
    const le = [
      0xff,
      0xfe,
      ...[..."hé"].flatMap((ch) => [ch.charCodeAt(0) & 0xff, ch.charCodeAt(0) >> 8]),
    ]
    expect(decodeFile(new Uint8Array(le))).toBe("hé")
    const be = [
      0xfe,
      0xff,
      ...[..."hé"].flatMap((ch) => [ch.charCodeAt(0) >> 8, ch.charCodeAt(0) & 0xff]),
    ]
    expect(decodeFile(new Uint8Array(be))).toBe("hé")
  })

  it("refuses invalid UTF-8, UTF-16 without its mark and UTF-32", () => {
    for (const bytes of [
      [0x61, 0xe9, 0x62],
      [0x61, 0x00, 0x62, 0x00],
      [0xff, 0xfe, 0, 0, 0x61, 0, 0, 0],
    ])
      expect(() => decodeFile(new Uint8Array(bytes))).toThrow(
        expect.objectContaining({ code: "unsupported_encoding" }) as FileFormatError,
      )
  })
})

describe("parseFile", () => {
  it("detects, reads and writes through the format's handler", () => {
    const file = parseFile('{"title": "Home"}\n', { filename: "en.json" })
    expect(file.format).toBe("json")
    expect(
      renderFile(file, new Map([["title", { text: "Accueil" }]]), { targetLanguage: "fr" }),
    ).toBe('{"title": "Accueil"}\n')
  })

  it("refuses an unknown format and a file over the size limit", () => {
    expect(() => parseFile("hello", { filename: "notes.txt" })).toThrow(
      expect.objectContaining({
        code: "unknown_format",
        message: expect.stringContaining("notes.txt"),
      }) as FileFormatError,
    )
    expect(() => parseFile('{"a": "b"}', { filename: "a.json", limits: { maxChars: 5 } })).toThrow(
      expect.objectContaining({ code: "too_large" }) as FileFormatError,
    )
  })
})
