import { CULTURALIZE_TEXT_MAX, countCharacters, culturalizeCost } from "@nativ/contracts"

import { useRuntimeConfig } from "@/config/runtime-config"
import { countOf, formatNumber } from "@/lib/format"
import { cn } from "@/lib/utils"

/**
 * "120 characters · ≈ 2 credits": the text's length (as the server counts it: trimmed, in code
 * points) and what running it will cost at this server's price. An answer from memory is free,
 * hence "≈".
 */
export function CostEstimate({ id, text }: { id: string; text: string }) {
  const { creditsPer100Chars } = useRuntimeConfig()
  const trimmed = text.trim()
  const count = countCharacters(trimmed)
  const over = count > CULTURALIZE_TEXT_MAX
  const cost = culturalizeCost(trimmed, creditsPer100Chars)
  return (
    <p
      id={id}
      data-testid="cost-estimate"
      className={cn(
        "text-xs text-muted-foreground tabular-nums",
        over && "text-destructive dark:text-red-400",
      )}
    >
      {formatNumber(count)} / {formatNumber(CULTURALIZE_TEXT_MAX)} characters
      {count > 0 && !over && (
        <>
          {" · "}≈ {countOf(cost, "credit")}
        </>
      )}
    </p>
  )
}
