import { queryOptions, useQuery } from "@tanstack/react-query"

import { supabase } from "@/lib/supabase"

import { dashboardKeys } from "./dashboard-keys"

export type LowBalance = { below: boolean; threshold: number | null; balance: number }

/**
 * Whether the company's balance is under its low-balance threshold, as the database decides it
 * (`users.low_balance_below`, the same column GET /api/v1/notifications answers from). Read over
 * /rest/v1 like the header's balance, so the dashboard's first load carries no more code.
 */
export async function getLowBalance(companyId: string): Promise<LowBalance> {
  const { data, error } = await supabase()
    .from("users")
    .select("credits, low_balance_threshold, low_balance_below")
    .eq("id", companyId)
    .single()
  if (error) throw error
  return {
    below: data.low_balance_below === true,
    threshold: data.low_balance_threshold,
    balance: data.credits,
  }
}

/**
 * Always stale, like the balance: it is read again on every visit and when the tab becomes
 * visible, so a threshold saved in Settings or a purchase shows at once. A failed read only hides
 * the banner (no error title, so no toast).
 */
export function lowBalanceQuery(companyId: string | undefined) {
  return queryOptions({
    queryKey: dashboardKeys.lowBalance(companyId ?? ""),
    queryFn: () => getLowBalance(companyId as string),
    enabled: Boolean(companyId),
    staleTime: 0,
    refetchOnWindowFocus: true,
  })
}

export const useLowBalance = (companyId: string | undefined) => useQuery(lowBalanceQuery(companyId))
