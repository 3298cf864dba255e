import type { LocalizeSummary } from "../main/localize"

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`

export function SummaryCard({ summary }: { summary: LocalizeSummary }) {
  return (
    <section className="card" aria-label="Summary">
      <h2 style={{ marginTop: 0 }}>{summary.cancelled ? "Cancelled" : "Done"}</h2>
      <p data-testid="summary-counts">
        {[
          count(summary.textsChanged, "text layer changed", "text layers changed"),
          count(summary.textsSent, "distinct text", "distinct texts"),
          `${summary.fromMemory.toLocaleString("en-US")} from memory`,
          count(summary.creditsSpent, "credit spent", "credits spent"),
          count(summary.batchesSent, "batch", "batches"),
        ].join(" · ")}
      </p>
      {summary.cancelled && (
        <p className="muted">Only the batches that finished were charged and written.</p>
      )}
      {summary.copies.length > 0 && (
        <>
          <h2>Copies</h2>
          <ul className="plain">
            {summary.copies.map((copy) => (
              <li key={copy.code}>
                {copy.language} ({copy.code}): {copy.savedAs ?? `${copy.name} (open, not saved)`}
              </li>
            ))}
          </ul>
          {summary.notSaved && <p className="muted">{summary.notSaved}</p>}
        </>
      )}
      <h2>Overflow</h2>
      {summary.overflow.length ? (
        <ul className="plain" aria-label="Overflow">
          {summary.overflow.map((o, i) => (
            <li key={i}>
              <span className={o.severity}>
                {o.severity === "critical" ? "Critical" : "Warning"}
              </span>{" "}
              {o.layer} ({o.language}): {o.detail}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No text overflows.</p>
      )}
      {summary.skipped.length > 0 && (
        <>
          <h2>Skipped</h2>
          <ul className="plain" aria-label="Skipped layers">
            {summary.skipped.map((s, i) => (
              <li key={i}>
                <strong>{s.name}</strong>: {s.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
