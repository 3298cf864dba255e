import type { Account } from "@nativ/plugin-core"
import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"

import type { MainHandlers } from "../../../protocol"
import type { RunSummary } from "../../run-localization"
import { AccountBar } from "../account-bar"
import { SummaryPanel } from "../summary-panel"

const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/\s+/g, " ")

const account: Account = {
  company: "Acme",
  role: "member",
  memberId: "m-1",
  memberEmail: "ana@acme.test",
  credits: 1200,
}
const bar = (a: Account) =>
  text(
    renderToStaticMarkup(
      <AccountBar
        workspace={{ account: a, languages: [], glossaries: [], formality: [] }}
        serverUrl="https://nativ.test"
        main={{} as MainHandlers}
        onSignOut={() => {}}
      />,
    ),
  )

describe("the account bar", () => {
  it("shows the company, the member's role and email, and the balance", () => {
    expect(bar(account)).toContain("Acme · Member")
    expect(bar(account)).toContain("Signed in as ana@acme.test")
    expect(bar(account)).toContain("Balance: 1,200 credits")
  })

  it("names no one when the server does not say who is connected", () => {
    expect(bar({ ...account, memberEmail: null })).not.toContain("Signed in as")
  })
})

const summary = (overrides: Partial<RunSummary>): RunSummary => ({
  changed: 12,
  copies: [],
  missingFonts: [],
  locked: [],
  styleFallbacks: [],
  overflows: [],
  fontsLoaded: 1,
  texts: 6,
  creditsSpent: 8,
  fromMemory: 4,
  batchesSent: 2,
  cancelled: false,
  skipped: [],
  pseudo: false,
  hiddenSkipped: 0,
  mainComponents: [],
  fileId: "f",
  context: "",
  imagesChanged: 0,
  ...overrides,
})
const panel = (s: RunSummary) =>
  text(
    renderToStaticMarkup(
      <SummaryPanel
        summary={s}
        overflows={[]}
        shortening={null}
        onSelect={() => {}}
        onShorten={() => {}}
      />,
    ),
  )

describe("the summary", () => {
  it("counts the texts changed, the credits spent, those from memory and the overflow", () => {
    expect(panel(summary({}))).toContain(
      "12 texts changed · 8 credits spent · 4 from memory · 0 overflows found",
    )
  })

  it("says nothing of memory for a pseudo-locale preview, which never asks the server", () => {
    const preview = panel(summary({ pseudo: true, creditsSpent: 0, fromMemory: 0 }))
    expect(preview).toContain("0 credits spent · 0 overflows found")
    expect(preview).not.toContain("from memory")
  })
})
