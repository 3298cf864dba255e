/**
 * Tells the other tabs of this origin that a payment completed, so a tab that opened the checkout
 * (and may never lose visibility, e.g. two windows side by side) refreshes its balance and history.
 * A BroadcastChannel where the browser has one; otherwise a `storage` event.
 */
export const PAYMENT_CHANNEL = "nativ-payments"
const STORAGE_KEY = "nativ-payment-completed"

export function announcePaymentCompleted(): void {
  if (typeof BroadcastChannel !== "undefined") {
    const channel = new BroadcastChannel(PAYMENT_CHANNEL)
    channel.postMessage({ type: "payment-completed" })
    channel.close()
    return
  }
  try {
    localStorage.setItem(STORAGE_KEY, String(Date.now()))
  } catch {
    // Storage unavailable (private mode): the other tabs refresh when they become visible.
  }
}

/** Calls `onCompleted` whenever another tab announces a completed payment; returns the unsubscribe. */
export function onPaymentCompleted(onCompleted: () => void): () => void {
  if (typeof BroadcastChannel !== "undefined") {
    const channel = new BroadcastChannel(PAYMENT_CHANNEL)
    channel.onmessage = (event: MessageEvent<{ type?: string }>) => {
      if (event.data?.type === "payment-completed") onCompleted()
    }
    return () => channel.close()
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) onCompleted()
  }
  window.addEventListener("storage", onStorage)
  return () => window.removeEventListener("storage", onStorage)
}
