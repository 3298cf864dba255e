import type { CallMessage, MainHandlers, MainToUi, MethodName, SelectionSummary } from "../protocol"

/** How the UI talks to the main code: Figma's `parent.postMessage` and the window's messages. */
export type Channel = {
  send(message: CallMessage): void
  listen(receive: (message: MainToUi) => void): void
}

export const figmaChannel: Channel = {
  send: (message) => parent.postMessage({ pluginMessage: message }, "*"),
  listen: (receive) =>
    window.addEventListener("message", (event: MessageEvent<{ pluginMessage?: MainToUi }>) => {
      if (event.data?.pluginMessage) receive(event.data.pluginMessage)
    }),
}

/**
 * The main code's handlers as async functions for the UI: each call is a message with an id,
 * answered by the message with the same id. Selection changes arrive as events.
 */
export function connectToMain(channel: Channel) {
  let next = 1
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
  const selectionListeners = new Set<(selection: SelectionSummary) => void>()
  channel.listen((message) => {
    if ("event" in message) {
      for (const listener of selectionListeners) listener(message.selection)
      return
    }
    const waiting = pending.get(message.id)
    if (!waiting) return
    pending.delete(message.id)
    if (message.ok) waiting.resolve(message.result)
    else waiting.reject(new Error(message.error))
  })
  const call =
    (method: MethodName) =>
    (...args: unknown[]) =>
      new Promise((resolve, reject) => {
        const id = next++
        pending.set(id, { resolve, reject })
        channel.send({ id, method, args })
      })
  // Every handler, by name: a record, so a handler added to the protocol must be listed here.
  const methods: Record<MethodName, true> = {
    storageGet: true,
    storageSet: true,
    storageDelete: true,
    selection: true,
    scan: true,
    apply: true,
    setText: true,
    restore: true,
    select: true,
    images: true,
    imageBytes: true,
    replaceImage: true,
    setLimit: true,
    openExternal: true,
  }
  const main = Object.fromEntries(
    (Object.keys(methods) as MethodName[]).map((m) => [m, call(m)]),
  ) as MainHandlers
  return {
    main,
    onSelection(listener: (selection: SelectionSummary) => void) {
      selectionListeners.add(listener)
      return () => selectionListeners.delete(listener)
    },
  }
}
