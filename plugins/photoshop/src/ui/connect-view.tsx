import { useState } from "react"

import type { PanelModel, PanelState } from "./panel-model"

export function ConnectView({ model, state }: { model: PanelModel; state: PanelState }) {
  const [showKey, setShowKey] = useState(false)
  const [key, setKey] = useState("")

  if (state.screen === "connecting" && state.login)
    return (
      <section className="card stack" aria-label="Approve in your browser">
        <p>Approve this code in your browser to connect Photoshop to Nativ:</p>
        <div className="code" data-testid="user-code">
          {state.login.userCode}
        </div>
        <p className="muted">
          We opened {state.serverUrl}/activate. Waiting for your approval… This panel continues on
          its own.
        </p>
        <div className="row">
          <button type="button" className="link" onClick={() => void model.openApprovalPage()}>
            Open the approval page again
          </button>
          <button type="button" className="button" onClick={() => model.cancelConnect()}>
            Cancel
          </button>
        </div>
      </section>
    )

  return (
    <section className="card stack" aria-label="Connect">
      <p>
        Localize this document's text layers with your company's Nativ account at {state.serverUrl}.
      </p>
      <button type="button" className="button primary" onClick={() => void model.connect()}>
        Connect to Nativ
      </button>
      {showKey ? (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault()
            void model.useApiKey(key)
          }}
        >
          <label htmlFor="api-key">API key (from the dashboard's API Keys page)</label>
          <input
            id="api-key"
            type="password"
            value={key}
            onChange={(event) => setKey(event.target.value)}
          />
          <button type="submit" className="button">
            Connect with this key
          </button>
        </form>
      ) : (
        <button type="button" className="link" onClick={() => setShowKey(true)}>
          Use an API key instead
        </button>
      )}
    </section>
  )
}
