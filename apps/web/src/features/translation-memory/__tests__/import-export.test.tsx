import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { parseTmx } from "@nativ/contracts"
import Papa from "papaparse"
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest"

import { nativ } from "@/lib/api-client"
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
/** Answers the client's upload from the stub server, keeping the File as the page chose it. */
const stubUpload = (server: ReturnType<typeof tmServer>) =>
  vi
    .spyOn(nativ(), "bulkUploadTm")
    .mockImplementation((file, fields) =>
      server.upload(file as File, fields as Record<string, string | undefined>),
    )
const csvFile = (text: string, name = "memory.csv") => new File([text], name, { type: "text/csv" })

async function openImport(user: ReturnType<typeof setup>) {
  await user.click(await screen.findByRole("button", { name: "Import CSV" }))
  return screen.findByRole("dialog", { name: "Import CSV" })
}

/** Catches the file the page hands to the browser as a download (jsdom has no blob URLs). */
function catchDownload() {
  const saved: { name?: string; blob?: Blob } = {}
  vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
    saved.blob = blob as Blob
    return "blob:export"
  })
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {})
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.name = this.download
  })
  return saved
}

describe("Translation Memory CSV", { timeout: 20_000 }, () => {
  it("sends the file to the bulk upload once and re-importing it adds nothing", async () => {
    const server = tmServer()
    const calls = stubBackend(server.handler)
    const upload = stubUpload(server)
    const user = setup()
    renderApp(<TranslationMemoryPage />, { path: "/translation-memory", auth: signedIn() })
    const file = csvFile("source,target,target_language,name\nHello,Hallo,,Greeting\nYes,Oui,FR,\n")
    let dialog = await openImport(user)
    expect(within(dialog).getByRole("button", { name: "Add entries" })).toBeDisabled()

    await user.upload(within(dialog).getByLabelText("CSV or TMX file"), file)
    const target = await within(dialog).findByLabelText("Target language")
    expect(
      within(dialog).getByText("Choose the language of rows without a target_language"),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole("button", { name: "Add entries" })).toBeDisabled()
    await user.type(target, "de")
    expect(within(dialog).getByRole("status")).toHaveTextContent("2 rows will be imported.")
    await user.click(within(dialog).getByRole("button", { name: "Add 2 entries" }))

    await findToast("Import finished", "2 entries added, 0 unchanged (already in the memory)")
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(upload).toHaveBeenCalledTimes(1)
    expect(upload.mock.calls[0]![0]).toBe(file)
    expect(upload.mock.calls[0]![1]).toEqual({
      source_language_code: "en",
      target_language_code: "de",
    })
    expect(calls.some((c) => c.method === "POST" && c.url.pathname.endsWith("/entries"))).toBe(
      false,
    )
    expect(await screen.findByRole("cell", { name: "Hallo" })).toBeInTheDocument()

    dialog = await openImport(user)
    await user.upload(within(dialog).getByLabelText("CSV or TMX file"), file)
    await user.type(await within(dialog).findByLabelText("Target language"), "de")
    await user.click(within(dialog).getByRole("button", { name: "Add 2 entries" }))
    await findToast("Import finished", "0 entries added, 2 unchanged (already in the memory)")
    expect(server.state.entries).toHaveLength(2)
  })

  it("shows the rows the file has wrong before importing", async () => {
    stubBackend(tmServer().handler)
    const user = setup()
    renderApp(<TranslationMemoryPage />, { path: "/translation-memory", auth: signedIn() })
    const dialog = await openImport(user)
    await user.upload(
      within(dialog).getByLabelText("CSV or TMX file"),
      csvFile("source,target,target_language\nHello,Hallo,de\nBye,,de\n"),
    )
    expect(await within(dialog).findByRole("status")).toHaveTextContent(
      "1 row will be imported. Entries already in the memory are left unchanged. 1 row has errors and will be skipped.",
    )
    expect(within(dialog).getByRole("list", { name: "Rows with errors" })).toHaveTextContent(
      "Row 3: target cannot be empty",
    )
  })

  it("lists the rows the server refused and keeps the dialog open", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const server = tmServer()
    stubBackend(server.handler)
    vi.spyOn(nativ(), "bulkUploadTm").mockResolvedValue({
      success: true,
      format: "csv",
      total_rows: 3,
      added: 2,
      updated: 0,
      skipped: 0,
      failed: 1,
      errors: [{ row: 3, message: "Too long somehow" }],
    })
    const user = setup()
    renderApp(<TranslationMemoryPage />, { path: "/translation-memory", auth: signedIn() })
    const dialog = await openImport(user)
    await user.upload(
      within(dialog).getByLabelText("CSV or TMX file"),
      csvFile("source,target,target_language\nA,a,de\nB,b,de\nC,c,de\n"),
    )
    await user.click(await within(dialog).findByRole("button", { name: "Add 3 entries" }))
    expect(
      await within(dialog).findByText(
        "2 entries added, 0 unchanged (already in the memory), 1 failed.",
      ),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole("list", { name: "Rows not added" })).toHaveTextContent(
      "Row 3: Too long somehow",
    )
    await user.click(within(dialog).getByRole("button", { name: "Done" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
  })

  it("imports a TMX file through the same upload", async () => {
    const server = tmServer()
    stubBackend(server.handler)
    stubUpload(server)
    const user = setup()
    renderApp(<TranslationMemoryPage />, { path: "/translation-memory", auth: signedIn() })
    const dialog = await openImport(user)
    const tmx = `<?xml version="1.0"?><tmx version="1.4"><header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en" creationtool="t" creationtoolversion="1" o-tmf="t"/><body><tu><tuv xml:lang="en"><seg>Hello</seg></tuv><tuv xml:lang="fr"><seg>Bonjour</seg></tuv></tu></body></tmx>`
    await user.upload(
      within(dialog).getByLabelText("CSV or TMX file"),
      new File([tmx], "memory.tmx", { type: "application/xml" }),
    )
    await user.click(await within(dialog).findByRole("button", { name: "Add entries" }))
    await findToast("Import finished", "1 entry added, 0 unchanged (already in the memory)")
    expect(server.state.entries.map((e) => e.target_text)).toEqual(["Bonjour"])
  })

  it("refuses a file that is not a CSV or TMX, or a CSV that lacks the columns", async () => {
    stubBackend(tmServer().handler)
    const user = setup()
    renderApp(<TranslationMemoryPage />, { path: "/translation-memory", auth: signedIn() })
    const dialog = await openImport(user)
    const input = within(dialog).getByLabelText("CSV or TMX file")
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
