/**
 * Light or dark as Photoshop's interface is: UXP's `document.theme` names the host theme
 * (darkest, dark, medium, light, lightest) and tells when it changes; outside Photoshop the
 * system's preference decides.
 */
type UxpTheme = {
  getCurrent(): string
  onUpdated: { addListener(listener: (theme: string) => void): void }
}

const isDark = (theme: string) => theme === "darkest" || theme === "dark" || theme === "medium"

export function followHostTheme(root: HTMLElement = document.documentElement) {
  const apply = (dark: boolean) => root.setAttribute("data-theme", dark ? "dark" : "light")
  const theme = (document as unknown as { theme?: UxpTheme }).theme
  if (theme?.getCurrent) {
    apply(isDark(theme.getCurrent()))
    theme.onUpdated?.addListener((name) => apply(isDark(name)))
    return
  }
  const query = window.matchMedia?.("(prefers-color-scheme: dark)")
  apply(query?.matches ?? false)
  query?.addEventListener?.("change", (event) => apply(event.matches))
}
