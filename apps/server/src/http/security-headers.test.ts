import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { createApp } from "../app"
import type { AppDeps } from "../deps"
import { createTestApp, type TestApp } from "../testing/test-app"
import { inlineScriptHashes, sha256Source } from "./csp-hash"

/** The directives of a Content-Security-Policy header, by name. */
function directives(response: Response) {
  const header = response.headers.get("content-security-policy") ?? ""
  return Object.fromEntries(
    header
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  )
}

function expectSecurityHeaders(response: Response) {
  const csp = directives(response)
  expect(csp["frame-ancestors"]).toEqual(["'none'"])
  expect(csp["script-src"]).not.toContain("'unsafe-inline'")
  expect(csp["script-src"]).not.toContain("'unsafe-eval'")
  expect(csp["object-src"]).toEqual(["'none'"])
  expect(response.headers.get("x-frame-options")).toBe("DENY")
  expect(response.headers.get("x-content-type-options")).toBe("nosniff")
  expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin")
}

/** The contents of the page's `<style>` blocks. */
const styleBlocks = (html: string) =>
  [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? "")

describe("security headers", () => {
  let app: TestApp
  const webRoot = mkdtempSync(join(tmpdir(), "nativ-csp-"))
  const themeScript = "document.documentElement.classList.toggle('dark', true)"
  writeFileSync(
    join(webRoot, "index.html"),
    `<!doctype html><head><script>${themeScript}</script><script type="module" src="/assets/main.js"></script></head><div id=root></div>`,
  )
  /** This server's app with another environment, answering in-process. */
  const appWith = (env: Partial<AppDeps["env"]>, root: string | null = null) =>
    createApp({ ...app.deps, env: { ...app.deps.env, ...env } }, { webRoot: root })

  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(async () => {
    rmSync(webRoot, { recursive: true, force: true })
    await app.close()
  })

  it("come with the dashboard's page, allowing its inline start-up script by hash only", async () => {
    const response = await appWith({}, webRoot).request("/settings")
    expect(response.headers.get("content-type")).toMatch(/text\/html/)
    expectSecurityHeaders(response)
    const scripts = directives(response)["script-src"]
    expect(scripts).toContain(sha256Source(themeScript))
    expect(scripts).toEqual(["'self'", app.url, sha256Source(themeScript)])
  })

  it("come with API JSON, REST answers, errors and the page shown when the dashboard is not built", async () => {
    const openapi = await app.fetch("/api/v1/openapi.json")
    expect(openapi.status).toBe(200)
    expectSecurityHeaders(openapi)
    const rest = await app.fetch("/rest/v1/users?select=id", {
      headers: {
        apikey: app.deps.keys.serviceRole,
        Authorization: `Bearer ${app.deps.keys.serviceRole}`,
      },
    })
    expect(rest.status).toBe(200)
    expectSecurityHeaders(rest)
    const refused = await app.fetch("/rest/v1/users")
    expect(refused.status).toBe(401)
    expectSecurityHeaders(refused)
    const missing = await app.fetch("/api/v1/nope")
    expect(missing.status).toBe(404)
    expectSecurityHeaders(missing)
    expectSecurityHeaders(await app.fetch("/"))
  })

  it("let the API reference load its files and the OpenAPI document, with no inline script", async () => {
    const response = await app.fetch("/api/v1/docs")
    expectSecurityHeaders(response)
    const html = await response.text()
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    expect(styleBlocks(html)).toEqual([])
    const csp = directives(response)
    expect(csp["script-src"]).toEqual(["'self'", app.url])
    expect(csp["connect-src"]).toEqual(["'self'", app.url])
  })

  it("allow the configured PUBLIC_URL and API_URL, also for a dashboard opened at another address", async () => {
    // Opened at http://127.0.0.1:8080 while PUBLIC_URL says localhost, 'self' alone would block
    // every call the dashboard makes to PUBLIC_URL.
    const response = await appWith({
      PUBLIC_URL: "https://nativ.example",
      API_URL: "https://api.nativ.example/api/v1",
    }).request("http://127.0.0.1:8080/healthz")
    const csp = directives(response)
    expect(csp["connect-src"]).toEqual([
      "'self'",
      "https://nativ.example",
      "https://api.nativ.example",
    ])
    expect(csp["script-src"]).toEqual([
      "'self'",
      "https://nativ.example",
      "https://api.nativ.example",
    ])
  })

  it("send HSTS only when PUBLIC_URL is https", async () => {
    expect((await app.fetch("/healthz")).headers.get("strict-transport-security")).toBeNull()
    const secure = await appWith({ PUBLIC_URL: "https://nativ.example" }).request("/healthz")
    expect(secure.headers.get("strict-transport-security")).toBe(
      "max-age=31536000; includeSubDomains",
    )
  })

  it("keep the stricter policy of the mailbox and the checkout, which allow their own style only", async () => {
    for (const path of ["/_mail", "/_checkout/cs_local_missing"]) {
      const response = await app.fetch(path)
      const csp = directives(response)
      expect(csp["default-src"], path).toEqual(["'none'"])
      expect(csp["frame-ancestors"], path).toEqual(["'none'"])
      expect(csp["script-src"], path).toBeUndefined()
      const styles = styleBlocks(await response.text())
      expect(styles, path).toHaveLength(1)
      expect(csp["style-src"], path).toEqual([sha256Source(styles[0]!)])
      expect(response.headers.get("x-frame-options"), path).toBe("DENY")
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff")
    }
  })
})

describe("inlineScriptHashes", () => {
  it("hashes inline scripts and skips those loaded from a file", () => {
    const html = `<script>a()</script><script type="module" src="/x.js"></script><script type="text/javascript">
b()
</script>`
    expect(inlineScriptHashes(html)).toEqual([sha256Source("a()"), sha256Source("\nb()\n")])
  })
})
