import type { LayerRef } from "../../protocol"

type Props = { title: string; layers: LayerRef[]; onSelect(ids: string[]): void }

/** Layers left unchanged (locked, missing fonts…), each with Select. */
export function LayerList({ title, layers, onSelect }: Props) {
  if (!layers.length) return null
  return (
    <section aria-label={title}>
      <h3>
        {title} ({layers.length})
      </h3>
      <ul className="list">
        {layers.map((layer) => (
          <li key={layer.id}>
            <span>
              {layer.name}
              {layer.reason && <span className="muted"> — {layer.reason}</span>}
            </span>
            <button type="button" className="link" onClick={() => onSelect([layer.id])}>
              Select
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
