import { TriangleAlertIcon } from "lucide-react"
import { Link } from "react-router"

import { Button } from "@/components/ui/button"
import { paths } from "@/config/paths"
import { useCompany } from "@/hooks/use-company"
import { formatCredits, plural } from "@/lib/format"

import { useLowBalance } from "../api/get-low-balance"

/**
 * Shown while the balance is under the company's low-balance threshold (docs/product.md#dashboard):
 * owners and admins get a way to buy credits, members are told whom to ask.
 */
export function LowBalanceBanner() {
  const company = useCompany()
  const { data } = useLowBalance(company.companyId)
  const canBuy = company.can("buyCredits")
  if (!data?.below || data.threshold === null) return null
  return (
    <div
      role="status"
      data-testid="low-balance-banner"
      className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-50"
    >
      <TriangleAlertIcon className="size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1 text-sm">
        <span className="font-medium">
          Your balance is below {formatCredits(data.threshold)} {plural(data.threshold, "credit")}.
        </span>{" "}
        {canBuy
          ? `${formatCredits(data.balance)} ${plural(data.balance, "credit")} left.`
          : "Ask an owner or admin to buy credits."}
      </p>
      {canBuy && (
        <Button asChild size="sm">
          <Link to={paths.credits}>Buy Credits</Link>
        </Button>
      )}
    </div>
  )
}
