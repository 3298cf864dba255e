import type { Plugin, Rollup } from "vite"

/**
 * Puts the build's stylesheet inside index.html as a `<style>`. The stylesheet is the one thing
 * that blocks the first paint ('Loading...'), and on a slow phone connection its request shares
 * the line with every script the page fetches at the same time: inlined, the start-up screen
 * paints as soon as the HTML has arrived. The app has one stylesheet (Tailwind, ~10 KB
 * compressed), so the document grows by that much; the file is still written for reference.
 *
 * Lazy chunks list the entry's stylesheet among the files Vite's loader makes sure of before they
 * run, and it looks for a `<link rel="stylesheet">` with that address: the original link stays
 * beside the styles, `disabled`, which the browser does not fetch.
 */
export function inlineCss(): Plugin {
  return {
    name: "nativ:inline-css",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, { bundle }) {
        if (!bundle) return
        const sheets = Object.values(bundle).filter(
          (file): file is Rollup.OutputAsset => file.type === "asset" && isCss(file.fileName),
        )
        if (sheets.length !== 1)
          throw new Error(`inlineCss: expected one stylesheet, the build has ${sheets.length}`)
        const [sheet] = sheets as [Rollup.OutputAsset]
        const link = new RegExp(`<link rel="stylesheet"[^>]*href="[^"]*${escape(sheet.fileName)}"`)
        const tag = link.exec(html)?.[0]
        if (!tag) throw new Error(`inlineCss: index.html does not link ${sheet.fileName}`)
        const css = String(sheet.source).replaceAll("</style", "<\\/style")
        return html.replace(tag, () => `<style>${css}</style>\n    ${tag} disabled`)
      },
    },
  }
}

const isCss = (file: string) => file.endsWith(".css")
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
