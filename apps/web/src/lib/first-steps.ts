/*
 * What the dashboard's first-steps checklist remembers per company in this browser: the steps no
 * table records (the Plugins page was opened), that the card was dismissed, and that every step
 * was once done, so a balance later spent to 0 does not bring the card back.
 */
type Flag = "plugins-visited" | "dismissed" | "completed"

const storageKey = (companyId: string, flag: Flag) => `nativ:first-steps:${companyId}:${flag}`

export function readFirstStep(companyId: string, flag: Flag): boolean {
  try {
    return window.localStorage.getItem(storageKey(companyId, flag)) === "1"
  } catch {
    // Storage refused (private mode, quota): the card simply shows the step as not done.
    return false
  }
}

export function markFirstStep(companyId: string, flag: Flag) {
  try {
    window.localStorage.setItem(storageKey(companyId, flag), "1")
  } catch {
    // Nothing to keep it in; the step shows as not done next time, which is harmless.
  }
}
