import type { LocalizeProgress } from "@nativ/plugin-core"

type Props = { progress: LocalizeProgress | null; cancelling: boolean; onCancel(): void }

export function ProgressPanel({ progress, cancelling, onCancel }: Props) {
  const share = progress && progress.batches ? progress.batchesDone / progress.batches : 0
  return (
    <section className="card" aria-label="Progress">
      <progress max={1} value={share} aria-label="Localization progress" />
      {progress && (
        <p className="muted" role="status">
          Texts: {progress.texts} · Languages: {progress.languagesDone}/{progress.languages} ·
          Batches: {progress.batchesDone}/{progress.batches}
          {progress.language && ` · ${progress.language.name}`}
        </p>
      )}
      <button type="button" className="button secondary" disabled={cancelling} onClick={onCancel}>
        {cancelling ? "Stopping after this batch…" : "Cancel"}
      </button>
    </section>
  )
}
