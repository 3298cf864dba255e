import type { PanelError, PanelModel } from "./panel-model"

const credits = (n: number) => `${n.toLocaleString("en-US")} credit${n === 1 ? "" : "s"}`

/** The error in the panel itself, with the one action that helps. */
export function ErrorCard({ model, error }: { model: PanelModel; error: PanelError | null }) {
  if (!error) return null
  return (
    <section className="card error stack" role="alert">
      {error.action === "buy-credits" ? (
        <>
          <strong>Not enough credits</strong>
          <p>
            {error.cost != null && error.balance != null
              ? `This costs ${credits(error.cost)}; your balance is ${credits(error.balance)}. ${
                  error.partly
                    ? "The languages finished before it are written and charged (see below); nothing more was."
                    : "Nothing was charged and the document is unchanged."
                }`
              : error.message}
          </p>
          <button
            type="button"
            className="button primary"
            onClick={() => void model.openBuyCredits()}
          >
            Buy Credits
          </button>
        </>
      ) : error.action === "connect-again" ? (
        <>
          <strong>Connection ended</strong>
          <p>{error.message}</p>
          <button type="button" className="button primary" onClick={() => void model.connect()}>
            Connect again
          </button>
        </>
      ) : (
        <>
          <strong>Something went wrong</strong>
          <p>{error.message}</p>
        </>
      )}
    </section>
  )
}
