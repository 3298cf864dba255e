import { formatNumber } from "@/lib/format"
import { cn } from "@/lib/utils"

/** "120 / 2,000": how much of a text field's limit is used, red once it is reached. */
export function CharacterCount({ id, count, max }: { id: string; count: number; max: number }) {
  return (
    <p
      id={id}
      className={cn(
        "text-xs text-muted-foreground tabular-nums",
        count >= max && "text-destructive dark:text-red-400",
      )}
    >
      {formatNumber(count)} / {formatNumber(max)}
      <span className="sr-only"> characters</span>
    </p>
  )
}
