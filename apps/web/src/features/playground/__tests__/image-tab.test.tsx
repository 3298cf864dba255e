import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"

import { balanceKeys } from "@/lib/auth/balance-keys"
import { polyfillLayoutApis, type StubRequest, stubBackend } from "@/testing/api-stub"
import { signedIn } from "@/testing/factories"
import { renderApp } from "@/testing/render-app"
import { findToast } from "@/testing/toasts"

import { PlaygroundPage } from "../playground-page"

beforeAll(polyfillLayoutApis)
beforeEach(() => {
  // jsdom's File is not Node's Blob, which Node's createObjectURL insists on.
  vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:preview")
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {})
  vi.spyOn(console, "error").mockImplementation(() => {})
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const languages = {
  languages: [
    { id: "l1", language: "French", language_code: "FR" },
    { id: "l2", language: "German", language_code: "DE" },
  ],
}
const extracted = {
  extracted_text: "SUMMER SALE\n50% OFF",
  blocks: [],
  method: "local",
  cost: 2,
  credits_remaining: 98,
  operation_id: "op-1",
}
const localized = (code: string, remaining: number) => ({
  images: [{ image_base64: btoa(`png for ${code}`) }],
  metadata: {
    cost: 10,
    num_images: 1,
    method: "local",
    output_format: "png",
    regions: [
      {
        source_text: "Ends 12/31/2026",
        text: `Ends 31.12.2026 (${code})`,
        box: { x: 10, y: 10, width: 200, height: 40 },
      },
    ],
  },
  credits_remaining: remaining,
  operation_id: `op-${code}`,
})
const noCredits = {
  status: 402,
  json: {
    error: {
      code: "insufficient_credits",
      message:
        "Not enough credits: this costs 10 credits and your balance is 3. Buy credits to continue.",
    },
  },
}

type Reply = { status?: number; json?: unknown }
function backend(api: (request: StubRequest) => Reply | undefined) {
  return stubBackend(
    (request) =>
      api(request) ??
      (request.url.pathname.endsWith("/user/languages") ? { json: languages } : { status: 201 }),
  )
}

const png = () => new File(["png"], "banner.png", { type: "image/png" })
const sent = (calls: StubRequest[], path: string) =>
  calls.filter((c) => c.url.pathname.endsWith(path)).map((c) => c.body as FormData)

function renderImageTab() {
  const user = userEvent.setup({ applyAccept: false, pointerEventsCheck: 0 })
  const view = renderApp(<PlaygroundPage />, { path: "/playground?tab=image", auth: signedIn() })
  return { user, ...view }
}

async function choose(user: ReturnType<typeof userEvent.setup>, option: string) {
  await user.click(screen.getByLabelText("Target languages"))
  await user.click(await screen.findByRole("option", { name: option }))
}

describe("the Playground's Image tab", { timeout: 30_000 }, () => {
  it("opens from the Text tab and starts empty, with every action waiting for an image", async () => {
    const calls = backend(() => undefined)
    const user = userEvent.setup({ pointerEventsCheck: 0 })
    renderApp(<PlaygroundPage />, { path: "/playground", auth: signedIn() })

    const textTab = screen.getByRole("tab", { name: "Text" })
    expect(textTab).toHaveAttribute("aria-selected", "true")
    textTab.focus()
    await user.keyboard("{ArrowRight}")
    await waitFor(() =>
      expect(screen.getByRole("tab", { name: "Image" })).toHaveAttribute("aria-selected", "true"),
    )
    expect(screen.getByRole("tab", { name: "Image" })).toHaveFocus()

    expect(screen.getByRole("button", { name: /Drag and drop an image here/ })).toBeVisible()
    expect(screen.getByText("JPEG, PNG or WebP, up to 10 MB.")).toBeInTheDocument()
    expect(screen.getByText("Upload an image to extract its text.")).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Extract text" })).toBeDisabled()
    expect(screen.getByRole("button", { name: "Localize image" })).toBeDisabled()
    expect(screen.getByRole("button", { name: "Inspect" })).toBeDisabled()
    expect(screen.getAllByText(/^Costs /).map((price) => price.textContent)).toEqual([
      "Costs 2 credits.",
      "Costs 10 credits per language.",
      "Costs 5 credits.",
    ])
    expect(calls.filter((c) => c.url.pathname.includes("/image/"))).toHaveLength(0)
  })

  it("keeps each tab's work while the other is shown", async () => {
    backend(() => undefined)
    const { user } = renderImageTab()
    await user.upload(screen.getByLabelText("Image file"), png())
    await user.click(screen.getByRole("tab", { name: "Text" }))
    await user.type(screen.getByLabelText("Text to Culturalize"), "Spring Sale")
    expect(screen.queryByRole("img", { name: "Preview of banner.png" })).not.toBeInTheDocument()

    await user.click(screen.getByRole("tab", { name: "Image" }))
    expect(screen.getByRole("img", { name: "Preview of banner.png" })).toBeVisible()
    await user.click(screen.getByRole("tab", { name: "Text" }))
    expect(screen.getByLabelText("Text to Culturalize")).toHaveValue("Spring Sale")
  })

  it("refuses another type, a file over 10 MB or too many pixels before sending anything", async () => {
    const calls = backend(() => undefined)
    const { user } = renderImageTab()
    const input = screen.getByLabelText("Image file")

    await user.upload(input, new File(["%PDF"], "brief.pdf", { type: "application/pdf" }))
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Please choose a JPEG, PNG or WebP image",
    )

    const large = png()
    Object.defineProperty(large, "size", { value: 11 * 1024 * 1024 })
    await user.upload(input, large)
    expect(screen.getByRole("alert")).toHaveTextContent("This image is 11 MB; the limit is 10 MB.")
    expect(screen.queryByRole("img")).not.toBeInTheDocument()

    await user.upload(input, png())
    const preview = await screen.findByRole("img", { name: "Preview of banner.png" })
    expect(screen.queryByRole("alert")).not.toBeInTheDocument()
    Object.defineProperty(preview, "naturalWidth", { value: 5_000 })
    Object.defineProperty(preview, "naturalHeight", { value: 4_000 })
    fireEvent.load(preview)
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This image is 5,000 × 4,000 pixels; the limit is 16,000,000 pixels",
    )
    expect(screen.getByRole("button", { name: "Extract text" })).toBeDisabled()
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0)
  })

  it("takes a dropped image or opens the picker from the keyboard, then extracts its text", async () => {
    const calls = backend((r) =>
      r.url.pathname.endsWith("/text/extract") ? { json: extracted } : undefined,
    )
    const { user, queryClient } = renderImageTab()
    const invalidate = vi.spyOn(queryClient, "invalidateQueries")
    const zone = screen.getByRole("button", { name: /Drag and drop an image here/ })

    const opened = vi.spyOn(HTMLInputElement.prototype, "click").mockImplementation(() => {})
    zone.focus()
    await user.keyboard("{Enter}")
    await user.keyboard(" ")
    expect(opened).toHaveBeenCalledTimes(2)

    fireEvent.drop(zone, { dataTransfer: { files: [png()] } })
    expect(await screen.findByRole("img", { name: "Preview of banner.png" })).toBeInTheDocument()
    expect(screen.getByTestId("image-file")).toHaveTextContent("banner.png (3 B)")

    await user.click(screen.getByRole("button", { name: "Extract text" }))
    expect(await screen.findByTestId("extracted-text")).toHaveTextContent("SUMMER SALE 50% OFF")
    expect(screen.getByTestId("extract-cost")).toHaveTextContent(
      "Cost: 2 credits · Remaining balance: 98 credits",
    )
    expect(screen.getByRole("button", { name: "Copy to Clipboard" })).toBeEnabled()
    expect(invalidate).toHaveBeenCalledWith({ queryKey: balanceKeys.all })
    const [form] = sent(calls, "/text/extract")
    expect(form?.get("file")).toBeTruthy()
  })

  it("localizes into each chosen language with a preview and a download apiece", async () => {
    let remaining = 100
    const calls = backend((r) =>
      r.url.pathname.endsWith("/image/culturalize")
        ? {
            json: localized(String((r.body as FormData).get("language_code")), (remaining -= 10)),
          }
        : undefined,
    )
    const { user } = renderImageTab()
    await user.upload(screen.getByLabelText("Image file"), png())
    await choose(user, "French (FR)")
    await choose(user, "German (DE)")
    expect(screen.getByRole("list", { name: "Chosen languages" })).toHaveTextContent(
      "French (FR)German (DE)",
    )
    expect(screen.getByText(/10 per language, 2 languages/)).toHaveTextContent(
      "Costs 20 credits (10 per language, 2 languages).",
    )
    await user.type(screen.getByLabelText(/Text to place/), "Summer Sale")
    await user.click(screen.getByRole("button", { name: "Localize image" }))

    const german = await screen.findByRole("region", { name: "German (DE)" })
    expect(
      await within(german).findByRole("img", { name: "banner.png localized into German (DE)" }),
    ).toHaveAttribute("src", `data:image/png;base64,${btoa("png for DE")}`)
    expect(within(german).getByText(/Remaining/)).toHaveTextContent(
      "Cost: 10 credits · Remaining balance: 80 credits",
    )
    expect(screen.getByTestId("localize-total")).toHaveTextContent("Charged in all: 20 credits")
    expect(within(german).getByTestId("replaced-text")).toHaveTextContent(
      "Ends 12/31/2026 → Ends 31.12.2026 (DE)",
    )
    const forms = sent(calls, "/image/culturalize")
    expect(forms.map((f) => f.get("language_code"))).toEqual(["FR", "DE"])
    expect(forms[0]?.get("text")).toBe("Summer Sale")
    expect(forms[0]?.get("output_format")).toBe("png")
    expect(forms[0]?.get("tool")).toBe("dashboard")

    let downloaded = ""
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloaded = this.download
    })
    const french = screen.getByRole("region", { name: "French (FR)" })
    await user.click(within(french).getByRole("button", { name: "Download banner-fr.png" }))
    expect(downloaded).toBe("banner-fr.png")
  })

  it("shows 402 in the panel with a way to buy credits and skips the other languages", async () => {
    backend((r) => (r.url.pathname.endsWith("/image/culturalize") ? noCredits : undefined))
    const { user } = renderImageTab()
    await user.upload(screen.getByLabelText("Image file"), png())
    await choose(user, "French (FR)")
    await choose(user, "German (DE)")
    await user.click(screen.getByRole("button", { name: "Localize image" }))

    const french = await screen.findByRole("region", { name: "French (FR)" })
    const alert = await within(french).findByRole("alert")
    expect(alert).toHaveTextContent("Not enough credits: this costs 10 credits")
    expect(within(alert).getByRole("link", { name: "Buy Credits" })).toHaveAttribute(
      "href",
      "/credits",
    )
    expect(screen.getByRole("region", { name: "German (DE)" })).toHaveTextContent(
      "Not localized: stopped after an error.",
    )
    expect(await findToast("Error localizing image")).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Localize image" })).toBeEnabled()
  })

  it("tells a member without the right to buy credits whom to ask", async () => {
    stubBackend(
      (r) =>
        r.url.pathname.endsWith("/text/extract")
          ? noCredits
          : r.url.pathname.endsWith("/user/languages")
            ? { json: languages }
            : { status: 201 },
      undefined,
      { role: "member" },
    )
    const { user } = renderImageTab()
    await user.upload(screen.getByLabelText("Image file"), png())
    await user.click(screen.getByRole("button", { name: "Extract text" }))

    const alert = await screen.findByRole("alert")
    expect(alert).toHaveTextContent("Ask an owner or admin to buy credits.")
    expect(within(alert).queryByRole("link")).not.toBeInTheDocument()
    expect(screen.queryByTestId("extracted-text")).not.toBeInTheDocument()
  })

  it("says inspection needs a vision model and offers it no more", async () => {
    const message =
      "Image inspection needs a vision model, and this server has none configured (VISION_MODEL). Nothing was charged."
    const calls = backend((r) =>
      r.url.pathname.endsWith("/image/inspect")
        ? { status: 503, json: { error: { code: "vision_model_required", message } } }
        : undefined,
    )
    const { user } = renderImageTab()
    await user.upload(screen.getByLabelText("Image file"), png())
    await user.type(screen.getByLabelText(/Countries/), "Japan, Brazil")
    await user.click(screen.getByRole("button", { name: "Inspect" }))

    expect(await screen.findByTestId("inspect-unavailable")).toHaveTextContent(message)
    expect(screen.queryByRole("button", { name: "Inspect" })).not.toBeInTheDocument()
    expect(sent(calls, "/image/inspect")[0]?.get("countries")).toBe("Japan,Brazil")
    expect(screen.queryByText("Error inspecting image")).not.toBeInTheDocument()

    // Still so for the next image.
    await user.upload(screen.getByLabelText("Image file"), png())
    expect(screen.getByTestId("inspect-unavailable")).toBeInTheDocument()
  })
})
