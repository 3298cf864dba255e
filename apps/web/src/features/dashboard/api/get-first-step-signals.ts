import { apiKeyListSchema } from "@nativ/contracts"
import { queryOptions, useQuery } from "@tanstack/react-query"

import { api } from "@/lib/api-client"
import { supabase } from "@/lib/supabase"

import { dashboardKeys } from "./dashboard-keys"

/*
 * The facts behind the first-steps checklist that the dashboard does not read already. They are
 * read again on every visit (staleTime 0), so a step done on another page shows as done at once;
 * a failed read is only logged (no error title) and keeps the card hidden.
 */

/** Operations the company ran from the dashboard's Playground (tool "dashboard"). */
export async function countPlaygroundRuns(companyId: string): Promise<number> {
  const { count, error } = await supabase()
    .from("operations")
    .select("id", { count: "exact", head: true })
    .eq("user_id", companyId)
    .eq("tool", "dashboard")
  if (error) throw error
  return count ?? 0
}

/** Whether credits were ever added (a purchase or a grant), even if since spent. */
export async function hasReceivedCredits(companyId: string): Promise<boolean> {
  const { data, error } = await supabase()
    .from("credit_ledger")
    .select("id")
    .eq("user_id", companyId)
    .gt("delta", 0)
    .limit(1)
  if (error) throw error
  return (data ?? []).length > 0
}

export function playgroundRunsQuery(companyId: string | undefined) {
  return queryOptions({
    queryKey: dashboardKeys.playgroundRuns(companyId ?? ""),
    queryFn: () => countPlaygroundRuns(companyId as string),
    enabled: Boolean(companyId),
    staleTime: 0,
  })
}

export function creditsReceivedQuery(companyId: string | undefined) {
  return queryOptions({
    queryKey: dashboardKeys.creditsReceived(companyId ?? ""),
    queryFn: () => hasReceivedCredits(companyId as string),
    enabled: Boolean(companyId),
    staleTime: 0,
  })
}

/** The keys the signed-in person sees (all of the company's for owners and admins). */
export function apiKeyCountQuery() {
  return queryOptions({
    queryKey: dashboardKeys.apiKeyCount(),
    queryFn: async () => (await api.get("/api-keys", apiKeyListSchema)).api_keys.length,
    staleTime: 0,
  })
}

export const usePlaygroundRuns = (companyId: string | undefined) =>
  useQuery(playgroundRunsQuery(companyId))
export const useCreditsReceived = (companyId: string | undefined) =>
  useQuery(creditsReceivedQuery(companyId))
export const useApiKeyCount = () => useQuery(apiKeyCountQuery())
