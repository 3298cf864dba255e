import { startPlugin } from "../main/start"
import type { MainToUi } from "../protocol"
import { SERVER_URL_PLACEHOLDER } from "../server-url"
import { FakeFigma, type FakeFrameNode, type FakeTextNode } from "./fake-figma"

/**
 * The fake Figma in a browser page, for the end-to-end tests: the plugin's main code runs here on
 * a document made from `window.figmaScenario`, and its built UI (ui.html) runs in an iframe of
 * another origin than the server's, the two joined as Figma joins them: the main
 * code's `figma.ui.postMessage(m)` arrives in the UI as `{pluginMessage: m}`, and the UI's
 * `parent.postMessage({pluginMessage: m}, "*")` reaches `figma.ui.onmessage`.
 */

export type ScenarioText = Parameters<FakeFigma["text"]>[0] & { locked?: boolean }
export type FigmaScenario = {
  serverUrl: string
  fileKey?: string
  frames: { name: string; texts: ScenarioText[] }[]
}

export type LayerSnapshot = { name: string; texts: string[] }

export type FigmaHarness = {
  fake: FakeFigma
  /** Selects the named top-level frames, as a person clicking them on the canvas. */
  select(names: string[]): void
  /** The page's top-level layers with their texts, in order. */
  snapshot(): LayerSnapshot[]
  /** Figma's theme, as `themeColors` gives it to the UI: a class on the UI's root element. */
  setTheme(theme: "light" | "dark"): void
}

declare global {
  interface Window {
    figmaScenario: FigmaScenario
    figmaHarness: FigmaHarness
  }
}

const texts = (node: FakeFrameNode | FakeTextNode): string[] =>
  node.type === "TEXT"
    ? [node.characters]
    : node.children.flatMap((child) => texts(child as FakeFrameNode | FakeTextNode))

async function start() {
  const scenario = window.figmaScenario
  const fake = new FakeFigma()
  if (scenario.fileKey) fake.fileKey = scenario.fileKey
  scenario.frames.forEach((frame, i) => {
    const layers = frame.texts.map(({ locked, ...init }) => {
      const text = fake.text(init)
      text.locked = Boolean(locked)
      return text
    })
    fake.place(fake.frame({ name: frame.name, y: i * 600, width: 400, height: 500 }, layers))
  })

  const iframe = document.getElementById("plugin-ui") as HTMLIFrameElement
  fake.ui.listeners.add((message) =>
    iframe.contentWindow?.postMessage({ pluginMessage: message as MainToUi }, "*"),
  )
  window.addEventListener("message", (event: MessageEvent<{ pluginMessage?: unknown }>) => {
    if (event.source === iframe.contentWindow && event.data?.pluginMessage)
      fake.ui.deliver(event.data.pluginMessage)
  })
  startPlugin(fake.api, "")

  window.figmaHarness = {
    fake,
    select(names) {
      fake.currentPage.selection = fake.currentPage.children.filter((n) => names.includes(n.name))
      fake.emit("selectionchange")
    },
    setTheme(theme) {
      const root = iframe.contentDocument?.documentElement
      root?.classList.toggle("figma-dark", theme === "dark")
      root?.classList.toggle("figma-light", theme === "light")
    },
    snapshot: () =>
      fake.currentPage.children.map((node) => ({
        name: node.name,
        texts: texts(node as FakeFrameNode | FakeTextNode),
      })),
  }
  const html = await (await fetch("ui.html")).text()
  iframe.srcdoc = html.replace(SERVER_URL_PLACEHOLDER, scenario.serverUrl)
}

void start()
