import { spawnSync } from "node:child_process"
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"

import { type FileCulturalizeResponse, FILE_FORMAT_NAMES } from "@nativ/contracts"
import { FILE_FORMATS, parseFile } from "@nativ/i18n-files"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { TestApp } from "../../testing/test-app"
import { type ApiUser, callApi, createApiTestApp, signedInUser } from "../api-test-kit"

const GOLDEN = join(import.meta.dirname, "../../../../../packages/i18n-files/golden")
/** Three plural categories (and Cyrillic), one, and six (right to left). */
const TARGETS = ["ru", "ja", "ar"]

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

/**
 * The golden set of packages/i18n-files (every format, placeholder style, ICU plurals and selects,
 * HTML, escapes) through the files API with the offline engine into ru, ja and ar: no string
 * is left broken, every output reads with its own format's parser with the same keys, and every PO
 * output passes `msgfmt -c`.
 */
describe("the golden set through POST /files/culturalize", () => {
  let app: TestApp
  let user: ApiUser
  beforeAll(async () => {
    app = await createApiTestApp()
    user = await signedInUser(app, 1_000_000)
  })
  afterAll(() => app.close())

  const golden = filesUnder(GOLDEN).map((path) => relative(GOLDEN, path))

  it("has the fixtures, and the API's format names are the package's", () => {
    expect(golden.length).toBeGreaterThanOrEqual(10)
    expect([...FILE_FORMAT_NAMES]).toEqual([...FILE_FORMATS])
  })

  it.each(golden)("%s: no violation, and every output reads back", async (name) => {
    const content = readFileSync(join(GOLDEN, name), "utf8")
    const source = parseFile(content, { filename: name })
    const res = await callApi<FileCulturalizeResponse>(app, "/files/culturalize", {
      token: user.token,
      body: { filename: name, content, target_languages: TARGETS },
    })
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200)
    expect(res.body.files.map((f) => f.language_code)).toEqual(TARGETS)
    for (const file of res.body.files) {
      expect(file.warnings, `${name} → ${file.language_code}`).toEqual([])
      expect(file.strings_total).toBe(source.units.length)
      const output = parseFile(file.content, { filename: name, format: file.format })
      expect(output.units.map((u) => u.key)).toEqual(source.units.map((u) => u.key))
      if (file.format === "po") {
        const check = spawnSync("msgfmt", ["-c", "-o", "/dev/null", "-"], {
          input: file.content,
          encoding: "utf8",
        })
        expect(check.status, `${name} → ${file.language_code}: ${check.stderr}`).toBe(0)
      }
    }
  })
})
