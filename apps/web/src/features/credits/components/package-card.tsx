import type { CreditPackage } from "@nativ/contracts"

import { Badge } from "@/components/ui/badge"
import { Button } from "@/components/ui/button"
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@/components/ui/card"
import { formatCredits } from "@/lib/format"
import { cn } from "@/lib/utils"

export function PackageCard({
  pack,
  busy,
  disabled,
  onPurchase,
}: {
  pack: CreditPackage
  busy: boolean
  disabled: boolean
  onPurchase: () => void
}) {
  const credits = formatCredits(pack.credits)
  return (
    <Card
      data-testid={`package-${pack.credits}`}
      className={cn("relative", pack.popular && "border-primary shadow-md ring-1 ring-primary")}
    >
      {pack.popular && (
        <Badge className="absolute -top-2.5 left-1/2 -translate-x-1/2">Most Popular</Badge>
      )}
      <CardHeader>
        <CardTitle className="tabular-nums">{credits} Credits</CardTitle>
        <CardDescription>{pack.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <p className="text-3xl font-bold tabular-nums">${pack.price}</p>
      </CardContent>
      <CardFooter className="mt-auto">
        <Button
          className="w-full"
          variant={pack.popular ? "default" : "outline"}
          disabled={disabled}
          onClick={onPurchase}
          aria-label={`Purchase ${credits} credits for $${pack.price}`}
        >
          {busy ? "Processing..." : "Purchase"}
        </Button>
      </CardFooter>
    </Card>
  )
}
