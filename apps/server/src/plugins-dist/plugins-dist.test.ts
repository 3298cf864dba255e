import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"

import { strFromU8, unzipSync } from "fflate"
import { afterAll, describe, expect, it } from "vitest"

import { loadEnv } from "../env"
import { findPluginDists } from "./plugin-builds"
import { pluginsDistRoutes } from "./plugins-dist.routes"

/** Builds laid out as the plugins' build scripts write them, in a temporary checkout. */
const checkout = mkdtempSync(join(tmpdir(), "nativ-plugins-"))
afterAll(() => rmSync(checkout, { recursive: true, force: true }))

function write(path: string, content: string | Uint8Array) {
  mkdirSync(dirname(join(checkout, path)), { recursive: true })
  writeFileSync(join(checkout, path), content)
}

write("plugins/figma/dist/code.js", "figma.showUI(__html__)")
write(
  "plugins/figma/dist/ui.html",
  '<!doctype html><meta name="nativ-server" content="__NATIV_SERVER_URL__"><script>packaged = v !== "__NATIV_SERVER_URL__"</script>',
)
write("plugins/figma/dist/code.js.map", "{}")
write("plugins/figma/dist/manifest.json", '{"name":"a development manifest"}')
write("plugins/photoshop/dist/index.html", "<!doctype html><script src=index.js></script>")
write("plugins/photoshop/dist/index.js", "require('photoshop')")
for (const icon of [
  "dark@1x",
  "dark@2x",
  "light@1x",
  "light@2x",
  "plugin-icon@1x",
  "plugin-icon@2x",
])
  write(`plugins/photoshop/dist/icons/${icon}.png`, new Uint8Array([0x89, 0x50, 0x4e, 0x47]))

const dists = findPluginDists(join(checkout, "apps", "server", "dist"))
const env = (vars: Record<string, string> = {}) => ({ env: loadEnv({ NODE_ENV: "test", ...vars }) })

async function unzip(response: Response) {
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()))
  const manifest = JSON.parse(strFromU8(files["manifest.json"]!)) as Record<string, unknown>
  return { names: Object.keys(files).sort(), files, manifest }
}

describe("GET /plugins/figma.zip", () => {
  const app = pluginsDistRoutes(env({ PUBLIC_URL: "https://nativ.example.com/" }), dists)

  it("is the plugin's build with a manifest naming this server's public origin, as an attachment", async () => {
    const response = await app.request("/figma.zip", { headers: { Host: "elsewhere.example" } })
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("application/zip")
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="nativ-figma.zip"',
    )
    // Written for the origin a request reached when PUBLIC_URL is unset: caches must key on it.
    expect(response.headers.get("vary")).toBe("Host, X-Forwarded-Host, X-Forwarded-Proto")
    expect(response.headers.get("cache-control")).toBe("no-cache")
    const { names, files, manifest } = await unzip(response)
    expect(names).toEqual(["code.js", "manifest.json", "ui.html"])
    expect(strFromU8(files["code.js"]!)).toBe("figma.showUI(__html__)")
    // Figma cannot read the manifest: the build's placeholder names the server instead.
    const ui = strFromU8(files["ui.html"]!)
    expect(ui).toContain('<meta name="nativ-server" content="https://nativ.example.com">')
    expect(ui).toContain('packaged = v !== "__NATIV_SERVER_URL__"')
    expect(manifest).toMatchObject({
      name: "Nativ",
      main: "code.js",
      ui: "ui.html",
      networkAccess: { allowedDomains: ["https://nativ.example.com"] },
    })
  })

  it("names the origin the request reached when PUBLIC_URL is unset, as /config.json does", async () => {
    const local = pluginsDistRoutes(env({ PORT: "8080" }), dists)
    for (const host of ["127.0.0.1:8080", "nativ.lan:8080"]) {
      const { manifest } = await unzip(
        await local.request("/figma.zip", { headers: { Host: host } }),
      )
      expect(manifest).toMatchObject({ networkAccess: { allowedDomains: [`http://${host}`] } })
    }
    // A Host that is not a host is never written into a manifest.
    const forged = await local.request("/figma.zip", { headers: { Host: "a b/<x>" } })
    expect((await unzip(forged)).manifest).toMatchObject({
      networkAccess: { allowedDomains: ["http://localhost:8080"] },
    })
  })

  it("follows a trusted proxy's forwarded host and scheme", async () => {
    const proxied = pluginsDistRoutes(env({ TRUST_PROXY: "1" }), dists)
    const response = await proxied.request("/figma.zip", {
      headers: {
        Host: "10.0.0.5:8080",
        "X-Forwarded-Host": "nativ.example.org",
        "X-Forwarded-Proto": "https",
      },
    })
    expect((await unzip(response)).manifest).toMatchObject({
      networkAccess: { allowedDomains: ["https://nativ.example.org"] },
    })
  })

  it("serves the same bytes again from memory, and a rebuild at once", async () => {
    const first = new Uint8Array(await (await app.request("/figma.zip")).arrayBuffer())
    const again = new Uint8Array(await (await app.request("/figma.zip")).arrayBuffer())
    expect(again).toEqual(first)
    write("plugins/figma/dist/code.js", "figma.showUI(__html__, { themeColors: true })")
    const rebuilt = await unzip(await app.request("/figma.zip"))
    expect(strFromU8(rebuilt.files["code.js"]!)).toContain("themeColors")
  })
})

describe("GET /plugins/photoshop.zip", () => {
  it("is the panel's build with its icons and a UXP manifest naming this server", async () => {
    const app = pluginsDistRoutes(env({ PUBLIC_URL: "https://nativ.example.com" }), dists)
    const response = await app.request("/photoshop.zip")
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("application/zip")
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="nativ-photoshop.zip"',
    )
    const { names, manifest } = await unzip(response)
    expect(names).toEqual([
      "icons/dark@1x.png",
      "icons/dark@2x.png",
      "icons/light@1x.png",
      "icons/light@2x.png",
      "icons/plugin-icon@1x.png",
      "icons/plugin-icon@2x.png",
      "index.html",
      "index.js",
      "manifest.json",
    ])
    expect(manifest).toMatchObject({
      manifestVersion: 5,
      main: "index.html",
      host: { app: "PS" },
      requiredPermissions: { network: { domains: ["https://nativ.example.com"] } },
    })
  })
})

describe("GET /plugins/photoshop.ccx", () => {
  it("is the same package, named for Creative Cloud desktop to install on a double-click", async () => {
    const app = pluginsDistRoutes(env({ PUBLIC_URL: "https://nativ.example.com" }), dists)
    const ccx = await app.request("/photoshop.ccx")
    expect(ccx.status).toBe(200)
    expect(ccx.headers.get("content-disposition")).toBe(
      'attachment; filename="nativ-photoshop.ccx"',
    )
    const zip = await app.request("/photoshop.zip")
    expect(new Uint8Array(await ccx.arrayBuffer())).toEqual(new Uint8Array(await zip.arrayBuffer()))
    // Figma has no packaged form: only the zip.
    expect((await app.request("/figma.ccx")).status).toBe(404)
  })
})

describe("a plugin that was not built", () => {
  it("answers 404 saying how to build it", async () => {
    const app = pluginsDistRoutes(env(), { figma: null, photoshop: join(checkout, "nowhere") })
    for (const [path, title] of [
      ["/figma.zip", "Figma"],
      ["/photoshop.zip", "Photoshop"],
    ]) {
      const response = await app.request(path!)
      expect(response.status).toBe(404)
      expect(await response.json()).toMatchObject({
        error: {
          code: "plugin_not_built",
          message: `The ${title} plugin is not built on this server. Run npm run build (npm start builds it), then download it again.`,
        },
      })
    }
  })

  it("is not found where no checkout has a build", () => {
    expect(findPluginDists(tmpdir())).toEqual({ figma: null, photoshop: null })
  })
})
