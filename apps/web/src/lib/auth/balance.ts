import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query"
import * as React from "react"

import { useMembership } from "@/hooks/use-end-user"
import { loadSupabase } from "@/lib/supabase"

import { useAuth } from "./auth-provider"
import { balanceKeys } from "./balance-keys"
import { onPaymentCompleted } from "./payment-channel"

/** The company's balance: `users.credits` for its id (a founder's own user id). */
export async function getBalance(companyId: string): Promise<number> {
  const client = await loadSupabase()
  const { data, error } = await client.from("users").select("credits").eq("id", companyId).single()
  if (error) throw error
  return data.credits
}

/**
 * Always stale, so it is read again whenever the tab becomes visible. It carries no error title:
 * a failed read is only logged and the balance becomes null (docs/product.md#errors).
 */
export function balanceQuery(companyId: string | undefined) {
  return queryOptions({
    queryKey: balanceKeys.company(companyId ?? ""),
    queryFn: () => getBalance(companyId as string),
    enabled: Boolean(companyId),
    staleTime: 0,
    refetchOnWindowFocus: true,
  })
}

/** The balance; null while nobody is signed in, before the first answer, or when the read failed. */
export function useBalance(): number | null {
  const { user } = useAuth()
  const { membership } = useMembership()
  const balance = useQuery(balanceQuery(membership?.companyId))
  usePaymentCompletedElsewhere()
  return user && membership && !balance.isError ? (balance.data ?? null) : null
}

/** Reads the balance again (after a purchase or a culturalization that spent credits). */
export function useRefreshBalance(): () => void {
  const queryClient = useQueryClient()
  return React.useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: balanceKeys.all })
  }, [queryClient])
}

/** A payment completed in another tab (the checkout's return page): read the balance again. */
function usePaymentCompletedElsewhere() {
  const refresh = useRefreshBalance()
  React.useEffect(() => onPaymentCompleted(refresh), [refresh])
}
