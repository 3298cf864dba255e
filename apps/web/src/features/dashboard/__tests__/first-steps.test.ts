import { describe, expect, it } from "vitest"

import { type FirstStepSignals, firstSteps, showFirstSteps } from "../lib/first-steps"

const fresh: FirstStepSignals = {
  languages: 0,
  balance: 0,
  creditsReceived: false,
  playgroundRuns: 0,
  apiKeys: 0,
  pluginsVisited: false,
}
const admin = { manageLanguages: true, buyCredits: true }
const member = { manageLanguages: false, buyCredits: false }
const doneIds = (signals: FirstStepSignals) =>
  firstSteps(signals, admin)
    ?.filter((s) => s.done)
    .map((s) => s.id)

describe("the first steps of a new company", () => {
  it("lists five undone steps for an owner or admin, each linking to where it is done", () => {
    expect(firstSteps(fresh, admin)).toEqual([
      { id: "language", title: "Add a language", to: "/settings?tab=languages", done: false },
      { id: "credits", title: "Get credits", to: "/credits", done: false },
      { id: "playground", title: "Try the Playground", to: "/playground", done: false },
      { id: "api-key", title: "Create an API key", to: "/api-keys", done: false },
      { id: "plugin", title: "Get a plugin", to: "/plugins", done: false },
    ])
  })

  it("marks each step done from its own signal", () => {
    expect(doneIds({ ...fresh, languages: 1 })).toEqual(["language"])
    expect(doneIds({ ...fresh, balance: 5 })).toEqual(["credits"])
    expect(doneIds({ ...fresh, creditsReceived: true })).toEqual(["credits"])
    expect(doneIds({ ...fresh, balance: null })).toEqual([])
    expect(doneIds({ ...fresh, playgroundRuns: 2 })).toEqual(["playground"])
    expect(doneIds({ ...fresh, apiKeys: 1 })).toEqual(["api-key"])
    expect(doneIds({ ...fresh, pluginsVisited: true })).toEqual(["plugin"])
  })

  it("leaves out, for a member, the steps only owners and admins can take", () => {
    expect(firstSteps(fresh, member)?.map((s) => s.id)).toEqual(["playground", "api-key", "plugin"])
  })

  it("knows nothing while any signal is still being read", () => {
    for (const key of ["languages", "balance", "creditsReceived", "playgroundRuns", "apiKeys"])
      expect(firstSteps({ ...fresh, [key]: undefined }, admin)).toBeNull()
  })

  it("shows the card while a step is undone, unless dismissed or once completed", () => {
    const some = firstSteps({ ...fresh, languages: 1 }, admin)
    const all = firstSteps(
      { ...fresh, languages: 1, balance: 1, playgroundRuns: 1, apiKeys: 1, pluginsVisited: true },
      admin,
    )
    const none = { dismissed: false, completed: false }
    expect(showFirstSteps(some, none)).toBe(true)
    expect(showFirstSteps(all, none)).toBe(false)
    expect(showFirstSteps(some, { ...none, dismissed: true })).toBe(false)
    expect(showFirstSteps(some, { ...none, completed: true })).toBe(false)
    expect(showFirstSteps(null, none)).toBe(false)
  })
})
