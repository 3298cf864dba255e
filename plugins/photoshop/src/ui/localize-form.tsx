import { useState } from "react"

import type { LocalizeMode } from "../main/localize"
import type { PanelModel, PanelState } from "./panel-model"

export function LocalizeForm({ model, state }: { model: PanelModel; state: PanelState }) {
  const [codes, setCodes] = useState<string[]>([])
  const [mode, setMode] = useState<LocalizeMode>("copies")
  const [saveCopies, setSaveCopies] = useState(true)
  const [selectionOnly, setSelectionOnly] = useState(false)
  const [includeHidden, setIncludeHidden] = useState(false)
  const [formality, setFormality] = useState("")
  const [glossaryId, setGlossaryId] = useState("")
  const [note, setNote] = useState("")

  const toggle = (code: string) =>
    setCodes((now) => (now.includes(code) ? now.filter((c) => c !== code) : [...now, code]))
  const languages = state.languages.filter((l) => codes.includes(l.code))
  const tooMany = mode === "in-place" && languages.length > 1

  const choices = (pseudo: boolean) => ({
    mode,
    languages: languages.map((l) => ({ name: l.name, code: l.code })),
    saveCopies,
    selectionOnly,
    includeHidden,
    formality: formality || undefined,
    glossaryId: glossaryId || null,
    note: note.trim() || undefined,
    pseudo,
  })

  if (!state.languages.length)
    return (
      <section className="card">
        <p>
          Your company has no target languages yet. Add them in the dashboard under Settings →
          Languages, then reopen this panel.
        </p>
      </section>
    )

  return (
    <form
      className="card stack"
      aria-label="Localize"
      onSubmit={(event) => {
        event.preventDefault()
        void model.localize(choices(false))
      }}
    >
      <fieldset style={{ border: "none", padding: 0, margin: 0 }}>
        <legend>
          <strong>Languages</strong>
        </legend>
        {state.languages.map((language) => (
          <label key={language.code} className="option">
            <input
              type="checkbox"
              checked={codes.includes(language.code)}
              onChange={() => toggle(language.code)}
            />
            {language.name} ({language.code})
          </label>
        ))}
      </fieldset>
      <fieldset style={{ border: "none", padding: 0, margin: 0 }}>
        <legend>
          <strong>Write the result</strong>
        </legend>
        <label className="option">
          <input type="radio" checked={mode === "copies"} onChange={() => setMode("copies")} />
          As a copy per language
        </label>
        {mode === "copies" && (
          <label className="option" style={{ marginLeft: 20 }}>
            <input
              type="checkbox"
              checked={saveCopies}
              onChange={(event) => setSaveCopies(event.target.checked)}
            />
            Save each copy beside the original (name-code.psd)
          </label>
        )}
        <label className="option">
          <input type="radio" checked={mode === "in-place"} onChange={() => setMode("in-place")} />
          In this document (one Undo)
        </label>
      </fieldset>
      <label className="option">
        <input
          type="checkbox"
          checked={selectionOnly}
          onChange={(event) => setSelectionOnly(event.target.checked)}
        />
        Selected layers only
      </label>
      <label className="option">
        <input
          type="checkbox"
          checked={includeHidden}
          onChange={(event) => setIncludeHidden(event.target.checked)}
        />
        Include hidden layers
      </label>
      <label htmlFor="formality">Formality</label>
      <select
        id="formality"
        value={formality}
        onChange={(event) => setFormality(event.target.value)}
      >
        <option value="">Each language's setting</option>
        {state.formalityOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <label htmlFor="glossary">Glossary</label>
      <select
        id="glossary"
        value={glossaryId}
        onChange={(event) => setGlossaryId(event.target.value)}
      >
        <option value="">None</option>
        {state.glossaries.map((glossary) => (
          <option key={glossary.id} value={glossary.id}>
            {glossary.name} ({glossary.entries} terms)
          </option>
        ))}
      </select>
      <label htmlFor="note">Note for the translator (optional)</label>
      <textarea id="note" rows={2} value={note} onChange={(event) => setNote(event.target.value)} />
      {tooMany && <p className="warning">In this document takes one language; choose one.</p>}
      <button type="submit" className="button primary" disabled={languages.length === 0 || tooMany}>
        Localize
      </button>
      <button
        type="button"
        className="button"
        disabled={state.progress !== null}
        onClick={() => void model.localize(choices(true))}
      >
        Preview with pseudo-locale (free)
      </button>
      <p className="muted">
        The preview accents every letter and makes texts 35 % longer, offline: find overflow before
        paying. It is never charged.
      </p>
    </form>
  )
}
