import type { CallMessage, MainToUi, MethodName } from "../protocol"
import { createHandlers } from "./handlers"

export const UI_SIZE = { width: 380, height: 600 }

/**
 * Starts the plugin on a Figma host: shows the UI (following Figma's light or dark theme), answers
 * its calls, and tells it when the selection changes.
 */
export function startPlugin(figma: PluginAPI, html: string) {
  const handlers = createHandlers(figma)
  const send = (message: MainToUi) => figma.ui.postMessage(message)
  figma.showUI(html, { ...UI_SIZE, themeColors: true, title: "Nativ" })
  figma.ui.onmessage = async (message: CallMessage) => {
    const handler = handlers[message.method as MethodName] as (
      ...args: unknown[]
    ) => Promise<unknown>
    try {
      if (!handler) throw new Error(`Unknown request: ${String(message.method)}`)
      send({ id: message.id, ok: true, result: await handler(...message.args) })
    } catch (error) {
      send({
        id: message.id,
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      })
    }
  }
  figma.on("selectionchange", () => {
    void handlers.selection().then((selection) => send({ event: "selection", selection }))
  })
  return handlers
}
