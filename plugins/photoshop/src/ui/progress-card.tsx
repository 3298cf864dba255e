import type { Progress } from "../main/localize"
import type { PanelModel } from "./panel-model"

const PHASE = {
  reading: "Reading the document's text layers…",
  sending: "Localizing texts…",
  writing: "Writing into Photoshop…",
}

export function ProgressCard({
  model,
  progress,
  cancelling,
}: {
  model: PanelModel
  progress: Progress
  cancelling: boolean
}) {
  const share = progress.batches ? progress.batchesDone / progress.batches : 0
  return (
    <section className="card stack" aria-label="Progress">
      <strong>{PHASE[progress.phase]}</strong>
      <div
        className="progress"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share * 100)}
      >
        <div style={{ width: `${share * 100}%` }} />
      </div>
      {progress.phase === "sending" && (
        <p className="muted" data-testid="progress-counts">
          {progress.texts} texts · language{" "}
          {Math.min(progress.languagesDone + 1, progress.languages)} of {progress.languages}
          {progress.language ? ` (${progress.language.name})` : ""} · batch {progress.batchesDone}{" "}
          of {progress.batches} done
        </p>
      )}
      <button
        type="button"
        className="button"
        disabled={cancelling || progress.phase !== "sending"}
        onClick={() => model.cancelRun()}
      >
        {cancelling ? "Cancelling after this batch…" : "Cancel"}
      </button>
    </section>
  )
}
