import { BILLING_PAGE_SIZE } from "@nativ/contracts"
import { useQueryClient } from "@tanstack/react-query"
import * as React from "react"

import { PagePagination } from "@/components/layout/page-pagination"
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"
import { ErrorState } from "@/components/ui/error-state"
import { ApiError } from "@/lib/api-client"
import { onPaymentCompleted } from "@/lib/auth/payment-channel"
import { pageCount } from "@/lib/pagination"

import { billingKeys } from "../api/billing-keys"
import { useBillingPayments } from "../api/get-billing-payments"
import { useSignupGrant } from "../api/get-signup-grant"
import { BillingHistoryTable } from "./billing-history-table"

/** The company's purchases, newest first, with a receipt for each paid one (owners and admins). */
export function BillingHistory() {
  const [page, setPage] = React.useState(1)
  const history = useBillingPayments(page)
  const total = history.data?.total ?? 0
  const totalPages = pageCount(total, BILLING_PAGE_SIZE)
  // The grant is the oldest entry: it closes the last page. Without it, the history stays usable.
  const grant = useSignupGrant().data ?? null
  const shownGrant = page >= totalPages ? grant : null
  const queryClient = useQueryClient()
  // A purchase paid in another tab (the checkout's) turns its Pending row Paid here too.
  React.useEffect(
    () =>
      onPaymentCompleted(() => void queryClient.invalidateQueries({ queryKey: billingKeys.all })),
    [queryClient],
  )

  return (
    <Card>
      <CardHeader>
        <CardTitle>Billing history</CardTitle>
        <CardDescription>
          Your purchases of credits and their receipts, and any credits granted to you.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {history.isPending ? (
          <p role="status" className="py-6 text-center text-sm text-muted-foreground">
            Loading billing history...
          </p>
        ) : history.isError ? (
          <ErrorState
            title="Could not load billing history."
            error={history.error instanceof ApiError ? history.error : undefined}
            onRetry={() => void history.refetch()}
            retrying={history.isFetching}
          />
        ) : history.data.payments.length === 0 && !shownGrant ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No purchases yet</p>
        ) : (
          <>
            <BillingHistoryTable
              rows={history.data.payments}
              busy={history.isFetching}
              grant={shownGrant}
            />
            {totalPages > 1 && (
              <PagePagination page={page} totalPages={totalPages} onPageChange={setPage} />
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}
