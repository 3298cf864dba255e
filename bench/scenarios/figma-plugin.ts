/// <reference types="@figma/plugin-typings" />
import { NativApi, NativSession, memoryStorage } from "@nativ/plugin-core"

import { startPlugin } from "../../plugins/figma/src/main/start"
import { FakeFigma } from "../../plugins/figma/src/testing/fake-figma"
import { connectToMain } from "../../plugins/figma/src/ui/bridge"
import { runLocalization } from "../../plugins/figma/src/ui/run-localization"
import type { Session } from "../lib/accounts"
import { requestJson } from "../lib/http"
import type { Row } from "../lib/report"
import type { Server } from "../lib/server"

export type FigmaPluginResult = {
  layers: number
  distinctTexts: number
  languages: number
  ms: number
  /** batch requests sent over HTTP for the language that needed the most */
  maxBatchesPerLanguage: number
  fontLoads: number
  distinctFonts: number
  changed: number
  creditsSpent: number
}

const LANGUAGES = [
  { name: "German", code: "DE" },
  { name: "French", code: "FR" },
  { name: "Japanese", code: "JA" },
  { name: "Spanish", code: "ES" },
  { name: "Arabic", code: "AR" },
]
const FRAMES = 20
const PER_FRAME = 50
const BOLD: FontName = { family: "Inter", style: "Bold" }
const ITALIC: FontName = { family: "Inter", style: "Italic" }

/**
 * A design file of 1,000 text layers in 20 frames: product cards with prices, dates and buttons,
 * about one text in ten repeated ("Add to cart"), in three fonts, some layers mixing two.
 */
function designFile() {
  const fake = new FakeFigma()
  for (let f = 0; f < FRAMES; f++) {
    const texts = Array.from({ length: PER_FRAME }, (_, t) => {
      const n = f * PER_FRAME + t
      if (t % 10 === 9)
        return fake.text({ name: "Button", characters: "Add to cart", fontName: BOLD })
      const characters = `Product ${n}: only $${(n * 1.37).toFixed(2)} until 12/31/2026`
      if (t % 10 === 3)
        return fake.text({
          name: "Promo",
          characters,
          runs: [{ length: 7, style: { fontName: ITALIC } }],
        })
      return fake.text({
        name: `Card ${n}`,
        characters,
        textAutoResize: t % 2 ? "HEIGHT" : "WIDTH_AND_HEIGHT",
        width: 240,
      })
    })
    fake.place(
      fake.frame({ name: `Screen ${f + 1}`, x: 0, y: f * 900, width: 400, height: 800 }, texts),
    )
  }
  return fake
}

/**
 * Scenario 10: the Figma plugin's main code on a fake Figma host (in this process), its UI half
 * talking to it through Figma's message protocol, and the real server: 1,000 layers into five
 * languages as copies, timed from the scan to the last text written.
 */
export async function measureFigmaPlugin(
  server: Server,
  session: Session,
): Promise<FigmaPluginResult> {
  const key = await requestJson<{ key: string }>(`${server.url}/api/v1/api-keys`, {
    headers: { authorization: `Bearer ${session.accessToken}` },
    body: { name: "Bench Figma plugin" },
  })
  const batches = new Map<string, number>()
  const countingFetch: typeof fetch = async (input, init) => {
    if (input instanceof Request && input.url.endsWith("/text/culturalize-batch")) {
      const { language_code: code } = (await input.clone().json()) as { language_code: string }
      batches.set(code, (batches.get(code) ?? 0) + 1)
    }
    return fetch(input, init)
  }
  const plugin = new NativSession({
    serverUrl: server.url,
    clientId: "nativ-figma",
    storage: memoryStorage(),
  })
  await plugin.useApiKey(key.key)
  const api = new NativApi(plugin, { fetch: countingFetch })

  const fake = designFile()
  startPlugin(fake.api, "")
  const { main } = connectToMain({
    send: (message) => fake.ui.deliver(message),
    listen: (receive) => fake.ui.listeners.add(receive as (message: unknown) => void),
  })
  const started = performance.now()
  const summary = await runLocalization(main, api, {
    scope: { kind: "page", includeHidden: false },
    mode: "copies",
    languages: LANGUAGES,
  })
  const ms = Math.round(performance.now() - started)
  const scan = await main.scan({ kind: "page", includeHidden: false })
  return {
    layers: scan.texts.length,
    distinctTexts: new Set(scan.texts.map((t) => t.text)).size,
    languages: LANGUAGES.length,
    ms,
    maxBatchesPerLanguage: Math.max(...batches.values()),
    fontLoads: fake.fontLoads.length,
    distinctFonts: new Set(fake.fontLoads).size,
    changed: summary.changed,
    creditsSpent: summary.creditsSpent,
  }
}

export function figmaPluginRows(r: FigmaPluginResult | undefined, error?: string): Row[] {
  const scenario = "10 Figma plugin"
  if (!r)
    return [
      { scenario, figure: `PGlite: not measured: ${error}`, value: "-", target: "-", pass: false },
    ]
  return [
    {
      scenario,
      figure: `PGlite: ${r.layers.toLocaleString("en-US")} text layers (${r.distinctTexts} distinct) × ${r.languages} languages as copies, fake Figma host + real server, end to end (${r.changed.toLocaleString("en-US")} texts written, ${r.creditsSpent.toLocaleString("en-US")} credits)`,
      value: `${(r.ms / 1000).toFixed(1)} s`,
      target: "≤ 10 s",
      pass: r.ms <= 10_000,
    },
    {
      scenario,
      figure: "PGlite: batch requests per language (most of any language)",
      value: String(r.maxBatchesPerLanguage),
      target: "≤ 2",
      pass: r.maxBatchesPerLanguage <= 2,
    },
    {
      scenario,
      figure: `PGlite: font loads (${r.distinctFonts} distinct fonts in the file)`,
      value: String(r.fontLoads),
      target: `= ${r.distinctFonts} (each once)`,
      pass: r.fontLoads === r.distinctFonts,
    },
  ]
}
