// Builds the Photoshop panel into dist/: index.html (the manifest's `main`), index.js (the panel,
// React included; `require("photoshop")` and `require("uxp")` are left to Photoshop), index.css,
// and the icons the manifest names (icons/<name>@1x.png and @2x.png). The server adds a
// manifest.json written for its origin when it hands the build out (GET /plugins/photoshop.zip).
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

import { build } from "esbuild"
import sharp from "sharp"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const dist = join(root, "dist")

rmSync(dist, { recursive: true, force: true })
mkdirSync(join(dist, "icons"), { recursive: true })

await build({
  entryPoints: { index: join(root, "src/index.tsx") },
  outdir: dist,
  bundle: true,
  format: "iife",
  platform: "browser",
  // UXP 6 (Photoshop 23.3) runs ES2019 and later; newer syntax is lowered.
  target: "es2019",
  external: ["photoshop", "uxp"],
  minify: true,
  sourcemap: true,
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
})
await build({
  entryPoints: { index: join(root, "src/ui/styles.css") },
  outdir: dist,
  bundle: true,
  minify: true,
  logLevel: "warning",
})

writeFileSync(
  join(dist, "index.html"),
  `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Nativ</title>
    <link rel="stylesheet" href="index.css" />
  </head>
  <body>
    <div id="root"></div>
    <script src="index.js"></script>
  </body>
</html>
`,
)

// The Nativ mark: a speech bubble with an "N", in the dashboard's indigo (light panels) or a
// lighter tint (dark panels); the plugin list's icon on a filled tile.
const mark = (color, background) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48">
  ${background ? `<rect width="48" height="48" rx="10" fill="${background}"/>` : ""}
  <path d="M10 11h28a4 4 0 0 1 4 4v16a4 4 0 0 1-4 4H22l-8 7v-7h-4a4 4 0 0 1-4-4V15a4 4 0 0 1 4-4z"
    fill="none" stroke="${color}" stroke-width="3.5" stroke-linejoin="round"/>
  <path d="M18 29V17l12 12V17" fill="none" stroke="${color}" stroke-width="3.5"
    stroke-linecap="round" stroke-linejoin="round"/>
</svg>`
const icons = [
  { name: "dark", size: 23, svg: mark("#d9dcf9") },
  { name: "light", size: 23, svg: mark("#4338ca") },
  { name: "plugin-icon", size: 48, svg: mark("#ffffff", "#4338ca") },
]
for (const { name, size, svg } of icons)
  for (const scale of [1, 2])
    await sharp(Buffer.from(svg), { density: 72 * ((size * scale) / 48) * 4 })
      .resize(size * scale, size * scale)
      .png()
      .toFile(join(dist, "icons", `${name}@${scale}x.png`))
