import type { OverflowItem } from "../../protocol"
import type { RunSummary } from "../run-localization"
import { LayerList } from "./layer-list"

type Props = {
  summary: RunSummary
  overflows: OverflowItem[]
  shortening: string | null
  onSelect(ids: string[]): void
  onShorten(item: OverflowItem): void
}

const credits = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "credit" : "credits"}`

/** The end of a run: what changed, what it cost, and what needs a look. */
export function SummaryPanel({ summary, overflows, shortening, onSelect, onShorten }: Props) {
  return (
    <section className="card" aria-label="Summary">
      <h2>{summary.cancelled ? "Cancelled" : summary.pseudo ? "Pseudo-locale preview" : "Done"}</h2>
      <p data-testid="summary">
        {summary.changed} texts changed · {credits(summary.creditsSpent)} spent ·{" "}
        {!summary.pseudo && `${summary.fromMemory.toLocaleString("en-US")} from memory · `}
        {overflows.length} overflow{overflows.length === 1 ? "" : "s"} found
        {summary.imagesChanged > 0 && ` · ${summary.imagesChanged} images localized`}
        {summary.pseudo && " · free, nothing recorded"}
      </p>
      {summary.cancelled && (
        <p className="muted">
          Stopped after the batch in progress; only finished batches were charged.
        </p>
      )}
      {overflows.length > 0 && (
        <section aria-label="Overflow">
          <h3>Overflow ({overflows.length})</h3>
          <ul className="list">
            {overflows.map((item) => (
              <li key={item.id}>
                <span>
                  <span className={`badge ${item.severity}`}>
                    {item.severity === "critical" ? "Critical" : "Warning"}
                  </span>{" "}
                  {item.name} <span className="muted">({item.code})</span>
                </span>
                <span className="row">
                  <button type="button" className="link" onClick={() => onSelect([item.id])}>
                    Select
                  </button>
                  {!summary.pseudo && (
                    <button
                      type="button"
                      className="link"
                      disabled={shortening === item.id}
                      onClick={() => onShorten(item)}
                    >
                      {shortening === item.id ? "Shortening…" : "Shorten"}
                    </button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <LayerList title="Missing fonts" layers={summary.missingFonts} onSelect={onSelect} />
      <LayerList title="Locked layers" layers={summary.locked} onSelect={onSelect} />
      <LayerList title="In main components" layers={summary.mainComponents} onSelect={onSelect} />
      <LayerList title="Styles simplified" layers={summary.styleFallbacks} onSelect={onSelect} />
      {summary.skipped.length > 0 && (
        <section aria-label="Left unchanged">
          <h3>Left unchanged ({summary.skipped.length})</h3>
          <ul className="list">
            {summary.skipped.map((s) => (
              <li key={`${s.code}:${s.source}`}>
                {s.source} ({s.code}) — {s.reason}
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  )
}
