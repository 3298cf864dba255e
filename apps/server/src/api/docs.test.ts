import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { loadEnv } from "../env"
import type { TestApp } from "../testing/test-app"
import { createApiTestApp } from "./api-test-kit"
import { dashboardHome } from "./docs"
import { engineNote, openApiDescription } from "./openapi-description"

describe("/api/v1/docs and the reference's introduction", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createApiTestApp()
  })
  afterAll(() => app.close())

  it("links back to the dashboard, names both ways to send a key and loads its theme script", async () => {
    const html = await (await app.fetch("/api/v1/docs")).text()
    expect(html).toMatch(/<a href="[^"]+">← Back to the dashboard<\/a>/)
    expect(html).toContain("Authorization: Bearer nativ_…")
    expect(html).toContain("X-API-Key: nativ_…")
    expect(html).toContain(`<script src="${app.url}/api/v1/docs/theme.js"></script>`)
    expect(html).not.toMatch(/<script>|style=/)

    const theme = await app.fetch("/api/v1/docs/theme.js")
    expect(theme.headers.get("content-type")).toMatch(/javascript/)
    const script = await theme.text()
    expect(script).toContain('localStorage.getItem("nativ-theme")')
    expect(script).toContain("prefers-color-scheme: dark")
    const css = await (await app.fetch("/api/v1/docs/page.css")).text()
    expect(css).toContain("html.dark body{filter:invert(0.9) hue-rotate(180deg)}")
  })

  it("says in openapi.json how to authenticate and what the offline engine does", async () => {
    const doc = (await (await app.fetch("/api/v1/openapi.json")).json()) as {
      info: { description: string }
    }
    const intro = doc.info.description
    expect(intro).toContain("    X-API-Key: nativ_…")
    expect(intro).toContain("    Authorization: Bearer nativ_…")
    expect(intro).toContain("## Engine")
    expect(intro).toContain("keeps the words as\nwritten and adapts only numbers, dates")
    expect(intro).toContain('`{"engine": {"kind": "offline", "model": null}}`')
  })

  it("names a model engine's model, never its key or address", () => {
    const env = loadEnv({
      ENGINE: "openai",
      ENGINE_MODEL: "gpt-4o-mini",
      ENGINE_API_KEY: "sk-secret",
      ENGINE_BASE_URL: "https://u:p@llm.internal/v1",
    })
    expect(engineNote(env)).toBe(
      "This server translates and adapts texts with the model `gpt-4o-mini` from an OpenAI-compatible service.",
    )
    const intro = openApiDescription(env)
    expect(intro).toContain('{"engine": {"kind": "openai", "model": "gpt-4o-mini"}}')
    expect(intro).not.toContain("sk-secret")
    expect(intro).not.toContain("llm.internal")
  })

  it("sends 'Back to the dashboard' to SITE_URL when set, else to the origin the page came from", () => {
    expect(dashboardHome(loadEnv({}))).toBe("/")
    expect(dashboardHome(loadEnv({ SITE_URL: "https://app.nativ.example" }))).toBe(
      "https://app.nativ.example",
    )
    expect(dashboardHome(loadEnv({ PUBLIC_URL: "https://nativ.example" }))).toBe(
      "https://nativ.example",
    )
  })
})
