import { baseUrl } from "./server"

type Message = { id: string; to: string; subject: string; text: string; html: string }

/** Waits for the newest email to `to` (optionally whose subject matches) in the local outbox. */
export async function waitForMail(to: string, subject?: RegExp, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const response = await fetch(`${baseUrl}/_mail/messages.json?to=${encodeURIComponent(to)}`)
    if (response.ok) {
      const messages = (await response.json()) as Message[]
      const found = messages.find((m) => !subject || subject.test(m.subject))
      if (found) return found
    }
    if (Date.now() > deadline) throw new Error(`No email to ${to} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
}

/** The first link in the email whose URL contains `fragment`. */
export function linkIn(message: Message, fragment: string) {
  const links = message.text.match(/https?:\/\/[^\s<>"]+/g) ?? []
  const link = links.find((l) => l.includes(fragment))
  if (!link) throw new Error(`No link with "${fragment}" in: ${message.text}`)
  return link
}
