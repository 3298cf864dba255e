import { useState } from "react"

import type { MainHandlers, Scope } from "../../protocol"

type Props = { main: MainHandlers; scope: Scope }

/** The per-layer character limit and Restore original, for the layers in scope. */
export function ToolsPanel({ main, scope }: Props) {
  const [limit, setLimit] = useState("")
  const [message, setMessage] = useState("")
  return (
    <section className="card" aria-label="Layer tools">
      <form
        className="row"
        onSubmit={(event) => {
          event.preventDefault()
          const value = Number(limit)
          const chosen = Number.isInteger(value) && value > 0 ? value : null
          void main
            .setLimit(chosen)
            .then(({ layers }) =>
              setMessage(
                chosen
                  ? `Limit of ${chosen} characters kept on ${layers} layers.`
                  : `Limit removed from ${layers} layers.`,
              ),
            )
        }}
      >
        <label className="field">
          <span>Character limit for the selected layers</span>
          <input
            type="number"
            min={1}
            value={limit}
            onChange={(e) => setLimit(e.target.value)}
            placeholder="No limit"
          />
        </label>
        <button type="submit" className="button secondary small">
          Set limit
        </button>
      </form>
      <button
        type="button"
        className="button secondary small"
        onClick={() =>
          void main
            .restore(scope)
            .then(({ restored }) => setMessage(`${restored} texts restored to their original.`))
        }
      >
        Restore original
      </button>
      {message && (
        <p className="muted" role="status">
          {message}
        </p>
      )}
    </section>
  )
}
