import type { TmSource } from "@nativ/contracts"

/** How each `information_source` is named on screen. */
export const TM_SOURCE_LABELS: Record<TmSource, string> = {
  manual: "Manual",
  approved: "Approved",
  user_glossary: "Glossary",
  import: "Import",
}
