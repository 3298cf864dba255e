import { useEffect, useSyncExternalStore } from "react"

import { AccountBar } from "./account-bar"
import { ConnectView } from "./connect-view"
import { ErrorCard } from "./error-card"
import { LocalizeForm } from "./localize-form"
import type { PanelModel } from "./panel-model"
import { ProgressCard } from "./progress-card"
import { SummaryCard } from "./summary-card"

export function App({ model }: { model: PanelModel }) {
  const state = useSyncExternalStore(model.subscribe, model.getSnapshot)
  useEffect(() => {
    void model.start()
  }, [model])

  if (state.screen === "loading") return <p className="muted">Loading…</p>
  if (state.screen === "broken") return <ErrorCard model={model} error={state.error} />
  if (state.screen !== "ready" || !state.account)
    return (
      <main>
        <h1>Nativ</h1>
        <ErrorCard model={model} error={state.error} />
        <ConnectView model={model} state={state} />
      </main>
    )
  return (
    <main>
      <AccountBar model={model} account={state.account} />
      {state.progress && (
        <ProgressCard model={model} progress={state.progress} cancelling={state.cancelling} />
      )}
      <LocalizeForm model={model} state={state} />
      <ErrorCard model={model} error={state.error} />
      {state.summary && <SummaryCard summary={state.summary} />}
    </main>
  )
}
