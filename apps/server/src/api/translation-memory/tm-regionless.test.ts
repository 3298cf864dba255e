import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { TestApp } from "../../testing/test-app"
import { type ApiUser, callApi, createApiTestApp, signedInUser } from "../api-test-kit"
import { fuzzySearch } from "./tm.repo"

type Matches = {
  matches: { source_text: string; target_text: string; target_language_code: string }[]
}

describe("translation memory: languages with and without a region", () => {
  let app: TestApp
  let user: ApiUser

  const add = (source_text: string, target_text: string, target: string, source = "en") =>
    callApi<{ id: string }>(app, "/master-tm/entries", {
      token: user.token,
      body: {
        source_text,
        target_text,
        source_language_code: source,
        target_language_code: target,
      },
    })
  const search = (params: Record<string, string>) =>
    callApi<Matches>(app, `/master-tm/fuzzy-search?${new URLSearchParams(params)}`, {
      token: user.token,
    })

  beforeAll(async () => {
    app = await createApiTestApp()
    user = await signedInUser(app)
    for (const [source, target, code] of [
      ["Sign up", "S'inscrire (France)", "fr-FR"],
      ["Sign up", "S'inscrire", "fr"],
      ["Sign up", "S'abonner (Canada)", "fr-CA"],
      ["Sign up now", "Inscrivez-vous (France)", "fr-FR"],
      ["Sign up", "Registrieren", "de"],
      ["Sign up", "Regístrate", "es-419"],
    ] as const)
      expect((await add(source, target, code)).status).toBe(201)
    expect((await add("Iniciar sesión", "Log in", "en-GB", "es-MX")).status).toBe(201)
  })
  afterAll(() => app.close())

  it("finds an fr-FR entry when searching fr, as in the SDK's README", async () => {
    const other = await signedInUser(app)
    await callApi(app, "/master-tm/entries", {
      token: other.token,
      body: {
        source_text: "Sign up",
        target_text: "S'inscrire",
        source_language_code: "en",
        target_language_code: "fr-FR",
      },
    })
    const res = await callApi<Matches>(
      app,
      `/master-tm/fuzzy-search?${new URLSearchParams({ query: "Sign up", target_lang: "fr" })}`,
      { token: other.token },
    )
    expect(res.status).toBe(200)
    expect(res.body.matches.map((m) => [m.target_text, m.target_language_code])).toEqual([
      ["S'inscrire", "fr-fr"],
    ])
  })

  it("answers every region of a plain language, plain entries first", async () => {
    const res = await search({ query: "Sign up", target_lang: "fr" })
    expect(res.status).toBe(200)
    const found = res.body.matches.map((m) => m.target_text)
    expect(found[0]).toBe("S'inscrire")
    expect(found.slice(1, 3).sort()).toEqual(["S'abonner (Canada)", "S'inscrire (France)"])
    expect(found[3]).toBe("Inscrivez-vous (France)")
    expect(found).toHaveLength(4)
  })

  it("prefers a regional code's own entries, falls back to the plain language, never to another region", async () => {
    const res = await search({ query: "Sign up", target_lang: "fr-FR" })
    expect(res.body.matches.map((m) => m.target_text)).toEqual([
      "S'inscrire (France)",
      "S'inscrire",
      "Inscrivez-vous (France)",
    ])
    const canada = await search({ query: "Sign up", target_lang: "FR_ca" })
    expect(canada.body.matches.map((m) => m.target_text)).toEqual([
      "S'abonner (Canada)",
      "S'inscrire",
    ])
  })

  it("compares codes without regard to case and matches a region-less source code too", async () => {
    const upper = await search({ query: "Sign up", target_lang: "ES" })
    expect(upper.body.matches.map((m) => m.target_text)).toEqual(["Regístrate"])
    const source = await search({ query: "Iniciar sesión", source_lang: "es", target_lang: "en" })
    expect(source.body.matches.map((m) => m.target_text)).toEqual(["Log in"])
    const wrongSource = await search({ query: "Iniciar sesión", source_lang: "es-ES" })
    expect(wrongSource.body.matches).toEqual([])
    expect((await search({ query: "Sign up", target_lang: "f" })).body.matches).toEqual([])
  })

  it("serves the culturalize service's lookup (fuzzySearch) the same way", async () => {
    const matches = await fuzzySearch(app.deps.database.db, user.id, {
      query: "Sign up",
      source_lang: "en",
      target_lang: "fr-fr",
      score_cutoff: 0,
      limit: 5,
    })
    expect(matches[0]).toMatchObject({
      target_text: "S'inscrire (France)",
      match_type: "exact",
      score: 100,
      target_language_code: "fr-fr",
    })
    expect(matches.map((m) => m.target_language_code)).toEqual(["fr-fr", "fr", "fr-fr"])
  })
})
