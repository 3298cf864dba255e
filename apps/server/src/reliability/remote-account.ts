import { randomBytes } from "node:crypto"

import { createClient } from "@supabase/supabase-js"
import ws from "ws"

/**
 * An account on a server running as its own process, made only through its public protocols (a
 * test cannot open an embedded database that the server holds): sign-up, the confirmation link from
 * /_mail, a password sign-in, credits bought on the local test checkout, and an API key.
 */
export type RemoteAccount = {
  userId: string
  email: string
  /** The access token of a password session. */
  token: string
  anonKey: string
}

export async function anonKeyOf(url: string): Promise<string> {
  const res = await fetch(`${url}/config.json`)
  return ((await res.json()) as { supabaseAnonKey: string }).supabaseAnonKey
}

function client(url: string, anonKey: string) {
  return createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  })
}

export async function createRemoteAccount(url: string): Promise<RemoteAccount> {
  const anonKey = await anonKeyOf(url)
  const email = `rel-${randomBytes(6).toString("hex")}@example.test`
  const password = "correct horse 1"
  const supabase = client(url, anonKey)
  const signUp = await supabase.auth.signUp({
    email,
    password,
    options: { data: { company_name: "Reliability Inc" } },
  })
  if (signUp.error) throw signUp.error
  const mails = (await (
    await fetch(`${url}/_mail/messages.json?to=${encodeURIComponent(email)}`)
  ).json()) as { text: string }[]
  const link = new URL(/https?:\/\/\S+/.exec(mails[0]!.text)![0])
  const verified = await supabase.auth.verifyOtp({
    token_hash: link.searchParams.get("token_hash")!,
    type: "email",
  })
  if (verified.error) throw verified.error
  const signIn = await supabase.auth.signInWithPassword({ email, password })
  if (signIn.error) throw signIn.error
  return { userId: signIn.data.user.id, email, token: signIn.data.session.access_token, anonKey }
}

/** Starts a checkout of `dollars` (1,000 credits each) and returns its session id, unpaid. */
export async function startCheckout(url: string, account: RemoteAccount, dollars: number) {
  const res = await fetch(`${url}/functions/v1/create-payment`, {
    method: "POST",
    headers: headers(account),
    body: JSON.stringify({ credits: dollars * 1000, amount: dollars }),
  })
  if (!res.ok) throw new Error(`create-payment answered ${res.status}`)
  const checkout = new URL(((await res.json()) as { url: string }).url)
  return decodeURIComponent(checkout.pathname.split("/_checkout/")[1]!)
}

/** Presses Pay on the local test checkout page. */
export async function payCheckout(url: string, session: string) {
  const res = await fetch(`${url}/_checkout/${encodeURIComponent(session)}/pay`, {
    method: "POST",
    redirect: "manual",
  })
  if (res.status !== 303) throw new Error(`paying the checkout answered ${res.status}`)
}

export async function verifyCheckout(url: string, account: RemoteAccount, session: string) {
  const res = await fetch(`${url}/functions/v1/verify-payment`, {
    method: "POST",
    headers: headers(account),
    body: JSON.stringify({ session_id: session }),
  })
  return { status: res.status, body: (await res.json()) as { credits_added?: number } }
}

/** Buys credits end to end: checkout, Pay, verify. */
export async function buyCredits(url: string, account: RemoteAccount, dollars: number) {
  const session = await startCheckout(url, account, dollars)
  await payCheckout(url, session)
  const verified = await verifyCheckout(url, account, session)
  if (verified.status !== 200) throw new Error(`verify-payment answered ${verified.status}`)
}

export async function createApiKey(url: string, account: RemoteAccount): Promise<string> {
  const res = await fetch(`${url}/api/v1/api-keys`, {
    method: "POST",
    headers: { Authorization: `Bearer ${account.token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name: "reliability" }),
  })
  if (res.status !== 201 && res.status !== 200) throw new Error(`api-keys answered ${res.status}`)
  return ((await res.json()) as { key: string }).key
}

/** The balance and the sum of the ledger, as the account reads them through /rest/v1. */
export async function balanceAndLedger(url: string, account: RemoteAccount) {
  const get = async (path: string) => {
    const res = await fetch(`${url}/rest/v1/${path}`, { headers: headers(account) })
    if (!res.ok) throw new Error(`GET /rest/v1/${path} answered ${res.status}`)
    return (await res.json()) as Record<string, number>[]
  }
  const [user] = await get(`users?select=credits&id=eq.${account.userId}`)
  const ledger = await get("credit_ledger?select=delta")
  return { credits: user!.credits!, ledger: ledger.reduce((sum, row) => sum + row.delta!, 0) }
}

export function headers(account: RemoteAccount) {
  return {
    apikey: account.anonKey,
    Authorization: `Bearer ${account.token}`,
    "Content-Type": "application/json",
  }
}
