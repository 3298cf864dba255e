import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query"
import * as React from "react"

import { loadSupabase } from "@/lib/supabase"

import { useAuth } from "./auth-provider"
import { balanceKeys } from "./balance-keys"

/** The signed-in company's balance: `users.credits` for its id. */
export async function getBalance(userId: string): Promise<number> {
  const client = await loadSupabase()
  const { data, error } = await client.from("users").select("credits").eq("id", userId).single()
  if (error) throw error
  return data.credits
}

/**
 * Always stale, so it is read again whenever the tab becomes visible. It carries no error title:
 * a failed read is only logged and the balance becomes null (docs/product.md#errors).
 */
export function balanceQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: balanceKeys.user(userId ?? ""),
    queryFn: () => getBalance(userId as string),
    enabled: Boolean(userId),
    staleTime: 0,
    refetchOnWindowFocus: true,
  })
}

/** The balance; null while nobody is signed in, before the first answer, or when the read failed. */
export function useBalance(): number | null {
  const { user } = useAuth()
  const balance = useQuery(balanceQuery(user?.id))
  return user && !balance.isError ? (balance.data ?? null) : null
}

/** Reads the balance again (after a purchase or a culturalization that spent credits). */
export function useRefreshBalance(): () => void {
  const queryClient = useQueryClient()
  return React.useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: balanceKeys.all })
  }, [queryClient])
}
