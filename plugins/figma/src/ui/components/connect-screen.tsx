import { useState } from "react"

import type { useConnection } from "../use-connection"
import { ErrorPanel } from "./error-panel"

type Props = {
  connection: ReturnType<typeof useConnection>
  serverUrl: string
  /** Lets the person change the server (a build not packaged for one); null hides the field. */
  onServerUrl: ((url: string) => void) | null
}

export function ConnectScreen({ connection, serverUrl, onServerUrl }: Props) {
  const { state } = connection
  const [showKey, setShowKey] = useState(false)
  const [key, setKey] = useState("")

  if (state.phase === "connecting")
    return (
      <section className="card" aria-label="Connect to Nativ">
        <p>Approve this plugin in the Nativ dashboard. Your code:</p>
        <p className="user-code" data-testid="user-code">
          {state.login.userCode}
        </p>
        <p className="muted">
          The approval page opened in your browser. If it did not, go to{" "}
          <span className="mono">{state.login.verificationUri}</span> and enter the code.
        </p>
        <p className="muted" role="status">
          Waiting for approval…
        </p>
        <button type="button" className="button secondary" onClick={connection.cancelLogin}>
          Cancel
        </button>
      </section>
    )

  return (
    <section className="card" aria-label="Connect to Nativ">
      <p>Connect your Nativ account to localize this file&apos;s texts.</p>
      {state.phase === "signed-out" && state.error && <ErrorPanel error={state.error} />}
      {onServerUrl && (
        <label className="field">
          <span>Nativ server</span>
          <input value={serverUrl} onChange={(e) => onServerUrl(e.target.value.trim())} />
        </label>
      )}
      <button type="button" className="button primary" onClick={() => void connection.connect()}>
        Connect to Nativ
      </button>
      <button type="button" className="link" onClick={() => setShowKey(!showKey)}>
        Use an API key instead
      </button>
      {showKey && (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault()
            void connection.useApiKey(key)
          }}
        >
          <label className="field">
            <span>API key</span>
            <input
              type="password"
              value={key}
              onChange={(e) => setKey(e.target.value)}
              placeholder="nativ_…"
            />
          </label>
          <button type="submit" className="button secondary">
            Use this key
          </button>
        </form>
      )}
    </section>
  )
}
