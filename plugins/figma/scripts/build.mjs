// Builds the plugin as Figma loads it: dist/code.js (the main code, run in Figma's sandbox) and
// dist/ui.html (one HTML string with the React UI's script and styles inlined, since Figma shows
// the UI from that string). The zip served at GET /plugins/figma.zip adds the manifest.
import { mkdirSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

import { build } from "esbuild"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const dist = join(root, "dist")
const SERVER_URL_PLACEHOLDER = "__NATIV_SERVER_URL__"

const shared = {
  bundle: true,
  write: false,
  minify: true,
  legalComments: "none",
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
}

// Figma's sandbox runs no modules (one IIFE) and, in older desktop apps, no optional chaining or
// nullish coalescing: the main code is lowered to ES2017.
const main = await build({
  ...shared,
  entryPoints: [join(root, "src/main/code.ts")],
  format: "iife",
  target: "es2017",
})

const ui = await build({
  ...shared,
  entryPoints: [join(root, "src/ui/index.tsx")],
  outdir: dist,
  format: "iife",
  target: "es2020",
  jsx: "automatic",
})
const output = (ext) => ui.outputFiles.find((file) => file.path.endsWith(ext))?.text ?? ""
// A script inlined in HTML must not close its own tag.
const script = output(".js").replaceAll("</script", "<\\/script")
const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="nativ-server" content="${SERVER_URL_PLACEHOLDER}">
<title>Nativ</title>
<style>${output(".css")}</style>
</head>
<body>
<div id="root"></div>
<script>${script}</script>
</body>
</html>
`

mkdirSync(dist, { recursive: true })
writeFileSync(join(dist, "code.js"), main.outputFiles[0].text)
writeFileSync(join(dist, "ui.html"), html)
process.stdout.write(
  `Figma plugin: dist/code.js ${(main.outputFiles[0].text.length / 1024).toFixed(0)} kB, dist/ui.html ${(html.length / 1024).toFixed(0)} kB\n`,
)
