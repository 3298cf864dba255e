import { queryOptions } from "@tanstack/react-query"

import { loadSupabase } from "@/lib/supabase"

export const creditKeys = {
  all: ["user-credits"] as const,
  user: (userId: string) => ["user-credits", userId] as const,
}

/** The signed-in company's balance: `users.credits` for its id. */
export async function getUserCredits(userId: string): Promise<number> {
  const client = await loadSupabase()
  const { data, error } = await client.from("users").select("credits").eq("id", userId).single()
  if (error) throw error
  return Number((data as { credits: number | string }).credits)
}

/**
 * Always stale, so it is read again whenever the tab becomes visible. It carries no error title:
 * a failed read is only logged and the balance becomes null (spec section 8).
 */
export function userCreditsQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: creditKeys.user(userId ?? ""),
    queryFn: () => getUserCredits(userId as string),
    enabled: Boolean(userId),
    staleTime: 0,
    refetchOnWindowFocus: true,
  })
}
