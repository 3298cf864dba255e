import { resolve } from "node:path"

import type { Plugin, Rollup } from "vite"

type Options = {
  /** The address whose code is fetched early, e.g. "/". */
  path: string
  /** The modules that address loads lazily once signed in, relative to the project root. */
  modules: string[]
  /** A localStorage key that only exists while a session is kept in this browser. */
  sessionKey: RegExp
}

/** A chunk's file and every chunk it imports statically, recursively. */
function staticClosure(bundle: Rollup.OutputBundle, chunk: Rollup.OutputChunk, into: Set<string>) {
  if (into.has(chunk.fileName)) return into
  into.add(chunk.fileName)
  for (const file of chunk.imports) {
    const imported = bundle[file]
    if (imported?.type === "chunk") staticClosure(bundle, imported, into)
  }
  return into
}

/**
 * A signed-in visitor opening `path` needs code that the router and the auth provider only ask
 * for once the entry has been downloaded and run (the route chunks, supabase-js): a chain of round
 * trips before the first real screen. This puts a small script in index.html that, when a
 * session is kept in this browser and the address is `path`, adds `<link rel="modulepreload">`
 * for those chunks while the HTML is still being parsed, so they download beside the entry. A
 * signed-out visitor (on /auth) fetches nothing more.
 */
export function preloadForSession(options: Options): Plugin {
  let root = ""
  let base = "/"
  return {
    name: "nativ:preload-for-session",
    apply: "build",
    configResolved(config) {
      root = config.root
      base = config.base
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return
        const chunks = Object.values(bundle).filter((c) => c.type === "chunk")
        // The entry's own imports are already preloaded by Vite's tags.
        const loaded = staticClosure(bundle, entry, new Set())
        const files = new Set<string>()
        for (const module of options.modules) {
          const id = resolve(root, module)
          const chunk = chunks.find((c) => c.moduleIds.includes(id))
          if (!chunk) throw new Error(`preloadForSession: no chunk holds ${module}`)
          for (const file of staticClosure(bundle, chunk, new Set())) {
            if (!loaded.has(file)) files.add(`${base}${file}`)
          }
        }
        const script = `(function () {
  try {
    if (location.pathname !== ${JSON.stringify(options.path)}) return
    var sessionKey = ${options.sessionKey.toString()}
    if (!Object.keys(localStorage).some(function (key) { return sessionKey.test(key) })) return
    ${JSON.stringify([...files])}.forEach(function (href) {
      var link = document.createElement("link")
      link.rel = "modulepreload"
      link.href = href
      document.head.appendChild(link)
    })
  } catch (e) {}
})()`
        return [{ tag: "script", children: script, injectTo: "head" }]
      },
    },
  }
}
