import { InsufficientCreditsError, type PluginError } from "@nativ/plugin-core"

type Props = {
  error: PluginError
  /** Absent for members, who cannot buy credits: they are told whom to ask. */
  onBuyCredits?: () => void
  onConnectAgain?: () => void
}

/** A failure in the panel itself (not only a toast), with the one action that helps. */
export function ErrorPanel({ error, onBuyCredits, onConnectAgain }: Props) {
  return (
    <div className="error" role="alert">
      <p>{error.message}</p>
      {error instanceof InsufficientCreditsError && error.cost !== null && (
        <p>
          Cost: {error.cost.toLocaleString("en-US")} credits · Balance:{" "}
          {(error.balance ?? 0).toLocaleString("en-US")} credits
        </p>
      )}
      {error.kind === "insufficient_credits" &&
        (onBuyCredits ? (
          <button type="button" className="button primary small" onClick={onBuyCredits}>
            Buy Credits
          </button>
        ) : (
          <p>Ask an owner or admin of your company to buy credits.</p>
        ))}
      {error.kind === "connection_revoked" && onConnectAgain && (
        <button type="button" className="button primary small" onClick={onConnectAgain}>
          Connect again
        </button>
      )}
    </div>
  )
}
