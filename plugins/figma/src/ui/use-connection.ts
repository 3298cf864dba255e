import {
  type Account,
  type DeviceLogin,
  type FormalityOption,
  type GlossarySummary,
  type Language,
  NativApi,
  NativSession,
  PluginError,
} from "@nativ/plugin-core"
import { useCallback, useEffect, useMemo, useState } from "react"

import type { MainHandlers } from "../protocol"
import { clientStorage } from "./host-storage"

export type Workspace = {
  account: Account
  languages: Language[]
  glossaries: GlossarySummary[]
  formality: FormalityOption[]
}

type State =
  | { phase: "starting" }
  | { phase: "signed-out"; error?: PluginError }
  | { phase: "connecting"; login: DeviceLogin }
  | { phase: "ready"; workspace: Workspace }

export const CLIENT_ID = "nativ-figma"

async function loadWorkspace(api: NativApi): Promise<Workspace> {
  const [account, languages, glossaries, formality] = await Promise.all([
    api.account(),
    api.languages(),
    api.glossaries(),
    api.formalityOptions(),
  ])
  return { account, languages, glossaries, formality }
}

const asPluginError = (error: unknown) =>
  error instanceof PluginError ? error : new PluginError("request", String(error))

/** The plugin's connection: restored from clientStorage, made by device flow or API key, ended by sign-out. */
export function useConnection(main: MainHandlers, serverUrl: string) {
  const session = useMemo(
    () => new NativSession({ serverUrl, clientId: CLIENT_ID, storage: clientStorage(main) }),
    [main, serverUrl],
  )
  const api = useMemo(() => new NativApi(session), [session])
  const [state, setState] = useState<State>({ phase: "starting" })

  const enter = useCallback(async () => {
    try {
      setState({ phase: "ready", workspace: await loadWorkspace(api) })
    } catch (error) {
      setState({ phase: "signed-out", error: asPluginError(error) })
    }
  }, [api])

  useEffect(() => {
    let live = true
    void session.restore().then((found) => {
      if (!live) return
      if (found) void enter()
      else setState({ phase: "signed-out" })
    })
    return () => {
      live = false
    }
  }, [session, enter])

  const connect = useCallback(async () => {
    try {
      const login = await session.connect()
      setState({ phase: "connecting", login })
      await main.openExternal(login.verificationUriComplete)
      await login.approved
      await enter()
    } catch (error) {
      const failure = asPluginError(error)
      setState({ phase: "signed-out", ...(failure.kind === "cancelled" ? {} : { error: failure }) })
    }
  }, [session, main, enter])

  const useApiKey = useCallback(
    async (key: string) => {
      try {
        await session.useApiKey(key)
        await enter()
      } catch (error) {
        setState({ phase: "signed-out", error: asPluginError(error) })
      }
    },
    [session, enter],
  )

  const signOut = useCallback(async () => {
    await session.signOut()
    setState({ phase: "signed-out" })
  }, [session])

  /** After a run: the balance moved; a revoked connection sends the person back to Connect. */
  const refresh = useCallback(async () => {
    if (!session.connected) return setState({ phase: "signed-out" })
    await enter()
  }, [session, enter])

  const cancelLogin = useCallback(() => {
    if (state.phase === "connecting") state.login.cancel()
  }, [state])

  return { state, api, connect, useApiKey, signOut, refresh, cancelLogin }
}
