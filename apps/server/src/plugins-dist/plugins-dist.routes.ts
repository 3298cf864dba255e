import { type Context, Hono } from "hono"

import { apiErrorBody } from "../api/api-error"
import type { AppDeps } from "../deps"
import { requestOrigin } from "../http/request-origin"
import {
  buildFiles,
  findPluginDists,
  type PluginDists,
  type PluginKind,
  PLUGINS,
} from "./plugin-builds"
import { pluginZip } from "./plugin-zip"

/**
 * Zips kept in memory, keyed by plugin, origin and the build's files (a rebuild is served at
 * once). Without PUBLIC_URL the origin comes from the Host header, which anyone can vary: the
 * cache holds a few zips and forgets the oldest.
 */
const CACHE_SIZE = 8

/**
 * GET /plugins/figma.zip, /plugins/photoshop.zip and .ccx: this deployment's build of each
 * design-tool plugin with a manifest.json written for this server's public origin — PUBLIC_URL,
 * or when it is unset the origin the request reached, as /config.json resolves it
 * (http/public-config.ts) — so the plugin may call exactly this server. 404 when the plugin was
 * not built here.
 */
export function pluginsDistRoutes(
  deps: Pick<AppDeps, "env">,
  dists: PluginDists = findPluginDists(),
) {
  const { env } = deps
  const cache = new Map<string, Uint8Array<ArrayBuffer>>()

  const serve = (c: Context, plugin: PluginKind, extension: string) => {
    const root = dists[plugin.name]
    const files = root ? buildFiles(root) : []
    if (!files.some((file) => file.path === plugin.entry))
      return c.json(
        apiErrorBody(
          "plugin_not_built",
          `The ${plugin.title} plugin is not built on this server. Run npm run build (npm start builds it), then download it again.`,
        ),
        404,
      )
    const requestAt = requestOrigin(c, env.TRUST_PROXY)
    const origin = new URL(env.publicUrlConfigured || !requestAt ? env.PUBLIC_URL : requestAt)
      .origin
    const key = [plugin.name, origin, ...files.map((f) => `${f.path}:${f.size}:${f.mtimeMs}`)]
    let zip = cache.get(key.join("\n"))
    if (!zip) {
      zip = pluginZip(files, plugin.manifest(origin), origin)
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!)
      cache.set(key.join("\n"), zip)
    }
    c.header("Content-Type", "application/zip")
    c.header("Content-Disposition", `attachment; filename="nativ-${plugin.name}.${extension}"`)
    // Written for the origin the request reached when PUBLIC_URL is unset.
    c.header("Cache-Control", "no-cache")
    c.header("Vary", "Host, X-Forwarded-Host, X-Forwarded-Proto", { append: true })
    return c.body(zip)
  }

  const app = new Hono()
  for (const plugin of PLUGINS)
    for (const extension of plugin.packages)
      app.get(`/${plugin.name}.${extension}`, (c) => serve(c, plugin, extension))
  return app
}
