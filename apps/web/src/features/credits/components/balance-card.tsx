import { CoinsIcon } from "lucide-react"

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"
import { formatCredits } from "@/lib/format"

export function BalanceCard({
  credits,
  verifying,
}: {
  credits: number | null
  verifying: boolean
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Current Balance</CardTitle>
        <CardDescription>$1 buys 1,000 credits.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-3">
        <CoinsIcon className="size-8 text-primary" aria-hidden="true" />
        <p className="text-3xl font-bold tabular-nums" data-testid="credits-page-balance">
          {credits === null ? "Loading..." : `${formatCredits(credits)} Credits`}
        </p>
        {verifying && (
          <p className="text-sm text-muted-foreground" role="status">
            Verifying your payment...
          </p>
        )}
      </CardContent>
    </Card>
  )
}
