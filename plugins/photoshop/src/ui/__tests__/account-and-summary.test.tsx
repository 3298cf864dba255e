import type { Account } from "@nativ/plugin-core"
import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"

import type { LocalizeSummary } from "../../main/localize"
import { AccountBar } from "../account-bar"
import type { PanelModel } from "../panel-model"
import { SummaryCard } from "../summary-card"

const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/\s+/g, " ")

const account: Account = {
  company: "Acme",
  role: "owner",
  memberId: "m-1",
  memberEmail: "ana@acme.test",
  credits: 1200,
}
const bar = (a: Account) =>
  text(renderToStaticMarkup(<AccountBar model={{} as PanelModel} account={a} />))

describe("the account bar", () => {
  it("shows the company, the member's email and role, and the balance", () => {
    expect(bar(account)).toContain("Acme")
    expect(bar(account)).toContain("Signed in as ana@acme.test · Owner")
    expect(bar(account)).toContain("Balance: 1,200 credits")
  })

  it("shows the role alone when the server does not say who is connected", () => {
    expect(bar({ ...account, memberEmail: null })).toContain("Signed in as Owner")
  })
})

describe("the summary", () => {
  it("counts the layers changed, the texts sent, those from memory, the credits and batches", () => {
    const summary: LocalizeSummary = {
      textsChanged: 6,
      textsSent: 3,
      fromMemory: 2,
      creditsSpent: 4,
      batchesSent: 2,
      copies: [],
      overflow: [],
      skipped: [],
      cancelled: false,
      notSaved: null,
    }
    expect(text(renderToStaticMarkup(<SummaryCard summary={summary} />))).toContain(
      "6 text layers changed · 3 distinct texts · 2 from memory · 4 credits spent · 2 batches",
    )
  })
})
