import * as React from "react"

export type Theme = "light" | "dark" | "system"
type ResolvedTheme = "light" | "dark"

const storageKey = "nativ-theme"
const darkQuery = "(prefers-color-scheme: dark)"

type ThemeState = {
  theme: Theme
  resolvedTheme: ResolvedTheme
  setTheme: (theme: Theme) => void
}

const ThemeContext = React.createContext<ThemeState | null>(null)

function readSaved(): Theme {
  try {
    const saved = localStorage.getItem(storageKey)
    return saved === "light" || saved === "dark" ? saved : "system"
  } catch {
    return "system"
  }
}

function systemTheme(): ResolvedTheme {
  return window.matchMedia?.(darkQuery).matches ? "dark" : "light"
}

/**
 * Light and dark themes: follows the system until the person picks one in the header, then keeps
 * that choice in localStorage. index.html applies the same rule before the first paint.
 */
export function ThemeProvider({ children }: { children: React.ReactNode }) {
  const [theme, setThemeState] = React.useState<Theme>(readSaved)
  const [system, setSystem] = React.useState<ResolvedTheme>(systemTheme)

  React.useEffect(() => {
    const media = window.matchMedia?.(darkQuery)
    if (!media) return
    const onChange = () => setSystem(media.matches ? "dark" : "light")
    media.addEventListener("change", onChange)
    // The system may have switched between the first render and this effect: no event reports it.
    onChange()
    return () => media.removeEventListener("change", onChange)
  }, [])

  const resolvedTheme = theme === "system" ? system : theme

  React.useEffect(() => {
    const root = document.documentElement
    root.classList.toggle("dark", resolvedTheme === "dark")
    root.style.colorScheme = resolvedTheme
  }, [resolvedTheme])

  const setTheme = React.useCallback((next: Theme) => {
    try {
      if (next === "system") localStorage.removeItem(storageKey)
      else localStorage.setItem(storageKey, next)
    } catch {
      // Storage can be unavailable (private mode); the choice then lasts for this visit only.
    }
    setThemeState(next)
  }, [])

  const value = React.useMemo(
    () => ({ theme, resolvedTheme, setTheme }),
    [theme, resolvedTheme, setTheme],
  )
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>
}

export function useTheme(): ThemeState {
  const state = React.useContext(ThemeContext)
  if (!state) throw new Error("useTheme must be used inside ThemeProvider")
  return state
}
