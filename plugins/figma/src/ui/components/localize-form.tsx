import type { Mode, SelectionSummary } from "../../protocol"
import type { Workspace } from "../use-connection"

export type FormValues = {
  scope: "selection" | "page"
  includeHidden: boolean
  mode: Mode
  codes: string[]
  images: boolean
  formality: string
  glossaryId: string
  note: string
}

type Props = {
  workspace: Workspace
  selection: SelectionSummary | null
  values: FormValues
  onChange(values: FormValues): void
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`

/** What to localize, into which languages, and how. */
export function LocalizeForm({ workspace, selection, values, onChange }: Props) {
  const set = (change: Partial<FormValues>) => onChange({ ...values, ...change })
  const toggle = (code: string) =>
    set({
      codes: values.codes.includes(code)
        ? values.codes.filter((c) => c !== code)
        : [...values.codes, code],
    })
  return (
    <div className="stack">
      <fieldset>
        <legend>Layers</legend>
        <label className="choice">
          <input
            type="radio"
            checked={values.scope === "selection"}
            onChange={() => set({ scope: "selection" })}
          />
          Selection
          {selection &&
            ` (${plural(selection.frames, "frame")}, ${plural(selection.texts, "text")})`}
        </label>
        <label className="choice">
          <input
            type="radio"
            checked={values.scope === "page"}
            onChange={() => set({ scope: "page" })}
          />
          Whole page{selection && ` (${selection.page})`}
        </label>
        <label className="choice">
          <input
            type="checkbox"
            checked={values.includeHidden}
            onChange={(e) => set({ includeHidden: e.target.checked })}
          />
          Include hidden layers
        </label>
      </fieldset>
      <fieldset>
        <legend>Languages</legend>
        {workspace.languages.length === 0 && (
          <p className="muted">Add languages in the dashboard (Settings → Languages).</p>
        )}
        {workspace.languages.map((language) => (
          <label key={language.code} className="choice">
            <input
              type="checkbox"
              checked={values.codes.includes(language.code)}
              onChange={() => toggle(language.code)}
            />
            {language.name} ({language.code})
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Mode</legend>
        <label className="choice">
          <input
            type="radio"
            checked={values.mode === "copies"}
            onChange={() => set({ mode: "copies" })}
          />
          Copies — one per language, to the right
        </label>
        <label className="choice">
          <input
            type="radio"
            checked={values.mode === "in-place"}
            onChange={() => set({ mode: "in-place" })}
          />
          In place — one language, undo in one step
        </label>
        <label className="choice">
          <input
            type="checkbox"
            checked={values.images}
            disabled={values.mode !== "copies"}
            onChange={(e) => set({ images: e.target.checked })}
          />
          Also localize images in the copies (10 credits per image and language)
        </label>
      </fieldset>
      <div className="grid">
        <label className="field">
          <span>Formality</span>
          <select value={values.formality} onChange={(e) => set({ formality: e.target.value })}>
            <option value="">Language default</option>
            {workspace.formality.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Glossary</span>
          <select value={values.glossaryId} onChange={(e) => set({ glossaryId: e.target.value })}>
            <option value="">None</option>
            {workspace.glossaries.map((glossary) => (
              <option key={glossary.id} value={glossary.id}>
                {glossary.name} ({glossary.languageCode})
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className="field">
        <span>Note for the translator (context)</span>
        <textarea
          rows={2}
          value={values.note}
          onChange={(e) => set({ note: e.target.value })}
          placeholder="e.g. Mobile checkout, buttons must stay short"
        />
      </label>
    </div>
  )
}
