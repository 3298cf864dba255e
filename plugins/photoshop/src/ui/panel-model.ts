import {
  type Account,
  CancelToken,
  type DeviceLogin,
  type FormalityOption,
  type GlossarySummary,
  InsufficientCreditsError,
  type Language,
  NativApi,
  NativSession,
  PluginError,
} from "@nativ/plugin-core"

import type { Host } from "../main/host"
import {
  type LocalizeOptions,
  type LocalizeSummary,
  localizeDocument,
  PartlyDone,
  type Progress,
} from "../main/localize"
import { secureTokenStorage } from "../main/secure-storage"
import { serverUrlFromManifest } from "../main/server-url"

export const CLIENT_ID = "nativ-photoshop"

/** What the panel shows about a failure, and the one action that helps. */
export type PanelError = {
  message: string
  action: "buy-credits" | "connect-again" | null
  cost?: number | null
  balance?: number | null
  /** Some languages finished (and were charged) before the failure; the summary shows them. */
  partly?: boolean
}

export type PanelState = {
  screen: "loading" | "signed-out" | "connecting" | "ready" | "broken"
  serverUrl: string | null
  login: Pick<DeviceLogin, "userCode" | "verificationUriComplete"> | null
  account: Account | null
  languages: Language[]
  glossaries: GlossarySummary[]
  formalityOptions: FormalityOption[]
  progress: Progress | null
  /** Cancel was pressed: the batch on its way finishes, then the run stops. */
  cancelling: boolean
  summary: LocalizeSummary | null
  error: PanelError | null
}

const initial: PanelState = {
  screen: "loading",
  serverUrl: null,
  login: null,
  account: null,
  languages: [],
  glossaries: [],
  formalityOptions: [],
  progress: null,
  cancelling: false,
  summary: null,
  error: null,
}

export function describeError(error: unknown): PanelError {
  if (error instanceof InsufficientCreditsError)
    return {
      message: error.message,
      action: "buy-credits",
      cost: error.cost,
      balance: error.balance,
    }
  if (error instanceof PluginError && error.kind === "connection_revoked")
    return { message: error.message, action: "connect-again" }
  return {
    message: error instanceof Error ? error.message : String(error),
    action: null,
  }
}

/**
 * The panel's state and what its buttons do, apart from React: the connection (device sign-in,
 * API key, sign-out), the account and settings it reads, and one localize run at a time.
 */
export class PanelModel {
  private state: PanelState = initial
  private readonly listeners = new Set<() => void>()
  private session: NativSession | null = null
  private api: NativApi | null = null
  private login: DeviceLogin | null = null
  private cancelToken: CancelToken | null = null

  constructor(private readonly host: Host) {}

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  readonly getSnapshot = () => this.state

  private set(patch: Partial<PanelState>) {
    this.state = { ...this.state, ...patch }
    for (const listener of this.listeners) listener()
  }

  /** Finds this build's server and any stored connection to it. */
  async start() {
    try {
      const serverUrl = await serverUrlFromManifest(this.host.uxp)
      this.session = new NativSession({
        serverUrl,
        clientId: CLIENT_ID,
        storage: secureTokenStorage(this.host.uxp),
      })
      this.api = new NativApi(this.session)
      this.set({ serverUrl })
      if (await this.session.restore()) await this.loadAccount()
      else this.set({ screen: "signed-out" })
    } catch (error) {
      this.set({ screen: "broken", error: describeError(error) })
    }
  }

  /** Device sign-in: shows the code and opens the approval page in the browser. */
  async connect() {
    if (!this.session) return
    this.set({ error: null })
    try {
      const login = await this.session.connect()
      this.login = login
      this.set({ screen: "connecting", login })
      await this.openApprovalPage()
      await login.approved
      this.login = null
      this.set({ login: null })
      await this.loadAccount()
    } catch (error) {
      this.login = null
      if (error instanceof PluginError && error.kind === "cancelled")
        return this.set({ screen: "signed-out", login: null })
      this.set({ screen: "signed-out", login: null, error: describeError(error) })
    }
  }

  async openApprovalPage() {
    const url = this.login?.verificationUriComplete
    if (url)
      await this.host.uxp.shell.openExternal(url, "Approve Nativ for Photoshop in your browser")
  }

  cancelConnect() {
    this.login?.cancel()
  }

  async useApiKey(key: string) {
    if (!this.session) return
    try {
      await this.session.useApiKey(key)
      await this.loadAccount()
    } catch (error) {
      this.set({ error: describeError(error) })
    }
  }

  async signOut() {
    await this.session?.signOut()
    this.set({ ...initial, screen: "signed-out", serverUrl: this.state.serverUrl })
  }

  async openBuyCredits() {
    if (this.state.serverUrl)
      await this.host.uxp.shell.openExternal(`${this.state.serverUrl}/credits`, "Buy Nativ credits")
  }

  private async loadAccount() {
    const api = this.api!
    try {
      const [account, languages, glossaries, formalityOptions] = await Promise.all([
        api.account(),
        api.languages(),
        api.glossaries(),
        api.formalityOptions(),
      ])
      this.set({ screen: "ready", account, languages, glossaries, formalityOptions, error: null })
    } catch (error) {
      const described = describeError(error)
      this.set({
        screen: described.action === "connect-again" ? "signed-out" : "ready",
        error: described,
      })
    }
  }

  private async refreshBalance() {
    try {
      const credits = await this.api!.balance()
      if (this.state.account) this.set({ account: { ...this.state.account, credits } })
    } catch {
      // The balance shown stays as it was; the run's own result is what matters.
    }
  }

  async localize(options: LocalizeOptions) {
    if (!this.api || this.cancelToken) return
    this.cancelToken = new CancelToken()
    this.set({ summary: null, error: null, progress: null })
    try {
      const summary = await localizeDocument(this.host, this.api, options, {
        cancel: this.cancelToken,
        onProgress: (progress) => this.set({ progress }),
      })
      this.set({ summary })
    } catch (error) {
      const partly = error instanceof PartlyDone
      const described = {
        ...describeError(partly ? error.error : error),
        ...(partly ? { partly } : {}),
      }
      this.set({
        error: described,
        summary: error instanceof PartlyDone ? error.summary : null,
        ...(described.action === "connect-again" ? { screen: "signed-out" as const } : {}),
      })
    } finally {
      this.cancelToken = null
      this.set({ progress: null, cancelling: false })
      await this.refreshBalance()
    }
  }

  cancelRun() {
    if (!this.cancelToken) return
    this.cancelToken.cancel()
    this.set({ cancelling: true })
  }
}
