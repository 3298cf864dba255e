import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { parseTmx } from "@nativ/contracts"
import Papa from "papaparse"
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest"

import { polyfillLayoutApis, stubBackend } from "@/testing/api-stub"
import { signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"
import { findToast } from "@/testing/toasts"

import { TranslationMemoryPage } from "../translation-memory-page"
import { buildTmEntry, tmServer } from "./tm-server"

beforeAll(polyfillLayoutApis)
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

// applyAccept off, so a file the picker would hide can still be chosen, as a drop could.
const setup = () => userEvent.setup({ pointerEventsCheck: 0, applyAccept: false })
const csvFile = (text: string, name = "memory.csv") => new File([text], name, { type: "text/csv" })

async function openImport(user: ReturnType<typeof setup>) {
  await user.click(await screen.findByRole("button", { name: "Import CSV" }))
  return screen.findByRole("dialog", { name: "Import CSV" })
}

/** Catches the file the page hands to the browser as a download (jsdom has no blob URLs). */
function catchDownload() {
  const saved: { name?: string; blob?: Blob } = {}
  const blobUrls = {
    createObjectURL: (blob: Blob) => {
      saved.blob = blob
      return "blob:export"
    },
    revokeObjectURL: () => {},
  }
  Object.assign(URL, blobUrls)
  onTestFinished(() => {
    for (const name of Object.keys(blobUrls)) Reflect.deleteProperty(URL, name)
  })
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.name = this.download
  })
  return saved
}

describe("Translation Memory CSV", { timeout: 20_000 }, () => {
  it("imports a file: shows what will be added and which rows are wrong, then adds them", async () => {
    const server = tmServer()
    const calls = stubBackend(server.handler)
    const user = setup()
    renderApp(<TranslationMemoryPage />, { path: "/translation-memory", auth: signedIn() })
    const dialog = await openImport(user)
    expect(within(dialog).getByRole("button", { name: "Add entries" })).toBeDisabled()

    await user.upload(
      within(dialog).getByLabelText("CSV file"),
      csvFile("source,target,target_language,name\nHello,Hallo,,Greeting\nBye,,de,\nYes,Oui,FR,\n"),
    )
    const target = await within(dialog).findByLabelText("Target language")
    expect(
      within(dialog).getByText("Choose the language of rows without a target_language"),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole("button", { name: "Add entries" })).toBeDisabled()
    await user.type(target, "de")

    expect(within(dialog).getByRole("status")).toHaveTextContent(
      "2 rows will be added. 1 row has errors and will be skipped.",
    )
    expect(within(dialog).getByRole("list", { name: "Rows with errors" })).toHaveTextContent(
      "Row 3: target cannot be empty",
    )
    await user.click(within(dialog).getByRole("button", { name: "Add 2 entries" }))

    await findToast("Import finished", "2 entries added")
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    const posts = calls.filter((c) => c.method === "POST").map((c) => c.body)
    expect(posts).toEqual(
      expect.arrayContaining([
        {
          source_text: "Hello",
          target_text: "Hallo",
          source_language_code: "en",
          target_language_code: "de",
          information_source: "import",
          source_name: "Greeting",
        },
        {
          source_text: "Yes",
          target_text: "Oui",
          source_language_code: "en",
          target_language_code: "fr",
          information_source: "import",
          source_name: null,
        },
      ]),
    )
    expect(posts).toHaveLength(2)
    expect(await screen.findByRole("cell", { name: "Hallo" })).toBeInTheDocument()
  })

  it("lists the rows the server refused and keeps the dialog open", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const server = tmServer({
      override: (request) =>
        request.method === "POST" && (request.body as { source_text: string }).source_text === "B"
          ? { status: 400, json: { error: { code: "invalid", message: "Too long somehow" } } }
          : undefined,
    })
    stubBackend(server.handler)
    const user = setup()
    renderApp(<TranslationMemoryPage />, { path: "/translation-memory", auth: signedIn() })
    const dialog = await openImport(user)
    await user.upload(
      within(dialog).getByLabelText("CSV file"),
      csvFile("source,target,target_language\nA,a,de\nB,b,de\nC,c,de\n"),
    )
    await user.click(await within(dialog).findByRole("button", { name: "Add 3 entries" }))
    expect(
      await within(dialog).findByText("2 entries added; 1 row could not be added."),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole("list", { name: "Rows not added" })).toHaveTextContent(
      "Row 3: Too long somehow",
    )
    expect(server.state.entries.map((e) => e.source_text).sort()).toEqual(["A", "C"])
    await user.click(within(dialog).getByRole("button", { name: "Done" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
  })

  it("refuses a file that is not a CSV or lacks the columns", async () => {
    stubBackend(tmServer().handler)
    const user = setup()
    renderApp(<TranslationMemoryPage />, { path: "/translation-memory", auth: signedIn() })
    const dialog = await openImport(user)
    const input = within(dialog).getByLabelText("CSV file")
    await user.upload(input, new File(["x"], "notes.txt", { type: "text/plain" }))
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Please choose a CSV file")
    await user.upload(input, csvFile("text,translation\nA,B\n"))
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "The first row must name the columns source and target (missing: source, target).",
    )
  })

  it("exports every entry matching the filters, page after page, safe for spreadsheets", async () => {
    const entries = [
      ...Array.from({ length: 502 }, (_, i) =>
        buildTmEntry({ source_text: `Row ${i}`, target_language_code: "fr" }),
      ),
      buildTmEntry({ source_text: "=1+1", target_text: "@SUM(A1)", target_language_code: "fr" }),
      buildTmEntry({ source_text: "Not French", target_language_code: "de" }),
    ]
    const calls = stubBackend(tmServer({ entries }).handler)
    const saved = catchDownload()
    const user = setup()
    renderApp(<TranslationMemoryPage />, {
      path: "/translation-memory?target=fr",
      auth: signedIn(),
    })
    await screen.findByText("Showing 1-20 of 503 entries")
    await user.click(screen.getByRole("button", { name: "Export CSV" }))
    await findToast("Export ready", "503 entries saved as CSV")

    const pages = calls
      .filter(
        (c) => c.url.pathname.endsWith("/entries") && c.url.searchParams.get("limit") === "500",
      )
      .map((c) => [c.url.searchParams.get("offset"), c.url.searchParams.get("target_lang")])
    expect(pages).toEqual([
      ["0", "fr"],
      ["500", "fr"],
    ])
    expect(saved.name).toMatch(/^translation-memory-\d{4}-\d{2}-\d{2}\.csv$/)
    expect(saved.blob?.type).toBe("text/csv;charset=utf-8")
    const bytes = new Uint8Array(await saved.blob!.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const rows = Papa.parse<string[]>(await saved.blob!.text(), { skipEmptyLines: true }).data
    expect(rows).toHaveLength(504)
    expect(rows[1]?.slice(0, 4)).toEqual(["'=1+1", "'@SUM(A1)", "en", "fr"])
    expect(rows.some((row) => row[0] === "Not French")).toBe(false)
  })

  it("exports the entries matching the filters as TMX 1.4 beside the CSV export", async () => {
    const entries = [
      buildTmEntry({
        source_text: "Tom & <Jerry>",
        target_text: "Tom et « Jerry »",
        target_language_code: "fr-fr",
        source_name: "Cartoons",
      }),
      buildTmEntry({
        source_text: "Sign up",
        target_text: "S'inscrire",
        target_language_code: "fr-fr",
      }),
      buildTmEntry({ source_text: "Not French", target_language_code: "de" }),
    ]
    stubBackend(tmServer({ entries }).handler)
    const saved = catchDownload()
    const user = setup()
    renderApp(<TranslationMemoryPage />, {
      path: "/translation-memory?target=fr-fr",
      auth: signedIn(),
    })
    await screen.findByText("Showing 1-2 of 2 entries")
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeInTheDocument()
    await user.click(screen.getByRole("button", { name: "Export TMX" }))
    await findToast("Export ready", "2 entries saved as TMX")

    expect(saved.name).toMatch(/^translation-memory-\d{4}-\d{2}-\d{2}\.tmx$/)
    expect(saved.blob?.type).toBe("application/x-tmx+xml;charset=utf-8")
    const tmx = await saved.blob!.text()
    expect(tmx).toContain('<tmx version="1.4">')
    expect(tmx).toContain("<seg>Tom &amp; &lt;Jerry&gt;</seg>")
    expect(tmx).toContain("<note>Cartoons</note>")
    const read = parseTmx(tmx)
    expect(read.errors).toEqual([])
    expect(
      read.rows.map((r) => [r.source_text, r.target_text, r.target_language_code]).sort(),
    ).toEqual([
      ["Sign up", "S'inscrire", "fr-fr"],
      ["Tom & <Jerry>", "Tom et « Jerry »", "fr-fr"],
    ])
  })
})
