import { useState } from "react"

import type { MainHandlers, SelectionSummary } from "../protocol"
import { AccountBar } from "./components/account-bar"
import { ConnectScreen } from "./components/connect-screen"
import { LocalizePanel } from "./components/localize-panel"
import { useConnection } from "./use-connection"

type Props = {
  main: MainHandlers
  onSelection(listener: (selection: SelectionSummary) => void): () => void
  /** The server this build was packaged for; without one the person types it. */
  packagedServer: string | null
}

export function App({ main, onSelection, packagedServer }: Props) {
  const [serverUrl, setServerUrl] = useState(packagedServer ?? "http://localhost:8080")
  const connection = useConnection(main, serverUrl)
  const { state } = connection

  return (
    <main className="app">
      <header className="app-header">
        <span className="logo" aria-hidden>
          N
        </span>
        <h1>Nativ</h1>
      </header>
      {state.phase === "starting" && <p className="muted">Loading…</p>}
      {(state.phase === "signed-out" || state.phase === "connecting") && (
        <ConnectScreen
          connection={connection}
          serverUrl={serverUrl}
          onServerUrl={packagedServer ? null : setServerUrl}
        />
      )}
      {state.phase === "ready" && (
        <>
          <AccountBar
            workspace={state.workspace}
            serverUrl={serverUrl}
            main={main}
            onSignOut={connection.signOut}
          />
          <LocalizePanel
            main={main}
            api={connection.api}
            workspace={state.workspace}
            serverUrl={serverUrl}
            onSelection={onSelection}
            onFinished={connection.refresh}
            onConnectAgain={connection.refresh}
          />
        </>
      )}
    </main>
  )
}
