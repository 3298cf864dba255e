import { creditPackages, creditsForAmount } from "@nativ/contracts"
import * as React from "react"

import { EngineStatus } from "@/components/engine/engine-status"
import { PageHeader } from "@/components/layout/page-header"
import { Card, CardContent } from "@/components/ui/card"
import { useRuntimeConfig } from "@/config/runtime-config"
import { useCompany } from "@/hooks/use-company"
import { useBalance } from "@/lib/auth/balance"

import { useCreatePayment } from "./api/create-payment"
import { BalanceCard } from "./components/balance-card"
import { BillingHistory } from "./components/billing-history"
import { CustomAmountCard } from "./components/custom-amount-card"
import { PackageCard } from "./components/package-card"
import { usePaymentReturn } from "./components/use-payment-return"

/**
 * Buy Credits (docs/product.md#buy-credits): balance, what the engine does with the credits (said
 * before paying), three packages, a custom amount, the return from checkout and the billing history.
 */
export function CreditsPage() {
  const balance = useBalance()
  const company = useCompany()
  const { engine } = useRuntimeConfig()
  const verifying = usePaymentReturn()
  const createPayment = useCreatePayment()
  const [buying, setBuying] = React.useState<string | null>(null)

  const purchase = (key: string, credits: number, amount: number) => {
    setBuying(key)
    createPayment.mutate({ credits, amount }, { onSettled: () => setBuying(null) })
  }
  const busy = createPayment.isPending

  return (
    <>
      <PageHeader title="Buy Credits" description="Top up your balance to keep culturalizing." />
      <div className="grid grid-cols-1 gap-6">
        <BalanceCard credits={balance} verifying={verifying} />
        <EngineStatus engine={engine} canAsk={company.can("buyCredits")} />
        {company.role && !company.can("buyCredits") ? (
          <Card>
            <CardContent>
              <p className="text-sm text-muted-foreground">
                Only owners and admins can buy credits. Ask an owner or admin of your company to top
                up.
              </p>
            </CardContent>
          </Card>
        ) : (
          <>
            <section aria-label="Credit packages" className="grid gap-6 pt-2 md:grid-cols-3">
              {creditPackages.map((pack) => (
                <PackageCard
                  key={pack.credits}
                  pack={pack}
                  busy={busy && buying === `package-${pack.credits}`}
                  disabled={busy}
                  onPurchase={() => purchase(`package-${pack.credits}`, pack.credits, pack.price)}
                />
              ))}
            </section>
            <CustomAmountCard
              busy={busy && buying === "custom"}
              disabled={busy}
              onPurchase={(amount) => purchase("custom", creditsForAmount(amount), amount)}
            />
            {company.can("buyCredits") && <BillingHistory />}
          </>
        )}
      </div>
    </>
  )
}
