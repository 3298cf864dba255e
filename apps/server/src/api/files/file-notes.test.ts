import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"

import {
  type FakeProvider,
  type FakeReply,
  openAiCompletion,
  type RecordedRequest,
  startFakeProvider,
} from "../../engine/testing/fake-provider-server"
import type { CulturalizeEngine, CulturalizeInput } from "../../engine/types"
import type { TestApp } from "../../testing/test-app"
import { createApiTestApp, signedInUser } from "../api-test-kit"
import { culturalizeFile } from "./files-test-kit"

type Message = { role: string; content: string }
type Item = { id: number; text: string; note?: string }

const messagesOf = (request: RecordedRequest) => request.body.messages as Message[]
const isPacked = (request: RecordedRequest) =>
  messagesOf(request)[0]!.content.includes("JSON array of items")
const itemsOf = (request: RecordedRequest) =>
  JSON.parse(messagesOf(request).at(-1)!.content) as Item[]
/** A model that writes each plural form it is told about its own way: `[ru:few] …`. */
const russian = (text: string, note = "") => {
  const form = /Plural form '(\w+)'/.exec(note)?.[1]
  return `[ru${form ? `:${form}` : ""}] ${text}`
}

const FEW =
  "Plural form 'few' of Russian, used for counts like 2, 3, 4, 22: write the text as it reads for such a count."
const MANY =
  "Plural form 'many' of Russian, used for counts like 0, 5, 6, 7: write the text as it reads for such a count."
/** Russian other is for fractions, not what English other meant: it is told so too. */
const OTHER =
  "Plural form 'other' of Russian, used for counts like 0.5, 1.5, 2.5, 0.1: write the text as it reads for such a count."

const PO = [
  'msgid ""',
  'msgstr ""',
  '"Content-Type: text/plain; charset=UTF-8\\n"',
  "",
  'msgid "%d file"',
  'msgid_plural "%d files"',
  'msgstr[0] ""',
  'msgstr[1] ""',
  "",
  "#. The button that stores the form",
  'msgid "Save"',
  'msgstr ""',
  "",
  'msgctxt "menu"',
  'msgid "Open"',
  'msgstr ""',
  "",
].join("\n")

/**
 * What a file's strings carry besides their text reaches the model: which plural form of the
 * target a form the source lacks is (Russian few and many from English `other`), and the file's
 * comments and contexts for translators, each with its own text.
 */
describe("files through a model engine: plural forms and notes", () => {
  let provider: FakeProvider
  let app: TestApp
  let answerPack: (items: Item[]) => FakeReply

  beforeAll(async () => {
    provider = await startFakeProvider((request) => {
      if (isPacked(request)) return answerPack(itemsOf(request))
      return openAiCompletion(
        russian(messagesOf(request).at(-1)!.content, messagesOf(request)[0]!.content),
      )
    })
    app = await createApiTestApp({
      ENGINE: "openai",
      ENGINE_BASE_URL: `${provider.url}/v1`,
      ENGINE_API_KEY: "sk-test",
      ENGINE_MODEL: "test-model",
    })
  })
  beforeEach(() => {
    provider.requests.length = 0
    answerPack = (items) =>
      openAiCompletion(
        JSON.stringify(items.map(({ id, text, note }) => ({ id, text: russian(text, note) }))),
      )
  })
  afterAll(async () => {
    await app.close()
    await provider.close()
  })

  it("asks Russian few, many and other apart, writes each msgstr from its own answer, and sends a comment as its string's note", async () => {
    const user = await signedInUser(app, 100)
    const body = { filename: "app.pot", content: PO, target_languages: "ru" }
    const res = await culturalizeFile(app, user, body)
    expect(res.status, JSON.stringify(res.body)).toBe(200)

    expect(provider.requests).toHaveLength(1)
    const [request] = provider.requests
    expect(itemsOf(request!).map(({ text, note }) => ({ text, note }))).toEqual([
      { text: "%d file", note: undefined },
      { text: "%d files", note: FEW },
      { text: "%d files", note: MANY },
      { text: "%d files", note: OTHER },
      { text: "Save", note: "Note to translators: The button that stores the form" },
      { text: "Open", note: "Context: menu" },
    ])
    expect(messagesOf(request!)[0]!.content).toContain(
      'Some items also have a "note": guidance about that item alone',
    )

    const ru = res.body.files[0]!.content
    expect(ru).toContain("Plural-Forms: nplurals=3;")
    expect(ru).toContain('msgstr[0] "[ru] %d file"')
    expect(ru).toContain('msgstr[1] "[ru:few] %d files"')
    expect(ru).toContain('msgstr[2] "[ru:many] %d files"')
    expect(ru).toContain('msgid "Save"\nmsgstr "[ru] Save"')
    // six requests, each charged once (Russian `other` is asked though gettext folds it into many)
    expect(res.body.cost).toBe(6)

    provider.requests.length = 0
    const again = await culturalizeFile(app, user, body)
    expect(again.status).toBe(200)
    expect(again.body.cost).toBe(0)
    expect(again.body.files[0]).toMatchObject({ strings_translated: 0, strings_from_memory: 3 })
    expect(again.body.files[0]!.content).toBe(ru)
    expect(provider.requests).toHaveLength(0)
  })

  it("sends a form left out of a packed answer alone, with its note in the request's context", async () => {
    const user = await signedInUser(app, 100)
    // the model answers every item but the one it was told is `many`
    answerPack = (items) =>
      openAiCompletion(
        JSON.stringify(
          items
            .filter(({ note }) => note !== MANY)
            .map(({ id, text, note }) => ({ id, text: russian(text, note) })),
        ),
      )
    const res = await culturalizeFile(app, user, {
      filename: "app.pot",
      content: PO,
      target_languages: "ru",
      context: "A file manager",
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const singles = provider.requests.filter((request) => !isPacked(request))
    expect(singles).toHaveLength(1)
    const system = messagesOf(singles[0]!)[0]!.content
    expect(system).toContain(JSON.stringify(`A file manager\n\nAbout this text: ${MANY}`))
    expect(res.body.files[0]!.content).toContain('msgstr[2] "[ru:many] %d files"')
  })
})

describe("files through an engine without a batch path", () => {
  const inputs: CulturalizeInput[] = []
  const engine: CulturalizeEngine = {
    name: "offline",
    culturalize: async (input) => {
      inputs.push(input)
      return { text: russian(input.text, input.context) }
    },
  }
  let app: TestApp
  beforeAll(async () => {
    app = await createApiTestApp({}, { engine })
  })
  afterAll(() => app.close())

  it("gives each string's note with the request's context", async () => {
    const user = await signedInUser(app, 100)
    const res = await culturalizeFile(app, user, {
      filename: "app.pot",
      content: PO,
      target_languages: "ru",
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(inputs.map(({ text, context }) => [text, context])).toEqual([
      ["%d file", undefined],
      ["%d files", FEW],
      ["%d files", MANY],
      ["%d files", OTHER],
      ["Save", "Note to translators: The button that stores the form"],
      ["Open", "Context: menu"],
    ])
    expect(res.body.files[0]!.content).toContain('msgstr[1] "[ru:few] %d files"')
  })
})
