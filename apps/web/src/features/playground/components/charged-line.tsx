import { formatCredits, plural } from "@/lib/format"

const credits = (n: number) => `${formatCredits(n)} ${n === 1 ? "credit" : "credits"}`

/** "Costs 2 credits." before a priced action runs. */
export function PriceHint({ cost, detail }: { cost: number; detail?: string }) {
  return (
    <p className="text-xs text-muted-foreground">
      Costs <span className="font-medium text-foreground">{credits(cost)}</span>
      {detail ? ` ${detail}` : "."}
    </p>
  )
}

/** What a finished action was charged and the balance left, as the text result says it. */
export function ChargedLine({
  cost,
  remaining,
  testId,
}: {
  cost: number
  remaining: number
  testId?: string
}) {
  return (
    <p className="text-sm text-muted-foreground" data-testid={testId}>
      Cost: <span className="font-medium text-foreground">{credits(cost)}</span> · Remaining
      balance: <span className="font-medium text-foreground">{formatCredits(remaining)}</span>{" "}
      {plural(remaining, "credit")}
    </p>
  )
}
