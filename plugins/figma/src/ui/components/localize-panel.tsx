import type { PluginError } from "@nativ/plugin-core"
import {
  CancelToken,
  type LocalizeProgress,
  type NativApi,
  toPluginError,
} from "@nativ/plugin-core"
import { useEffect, useRef, useState } from "react"

import type { MainHandlers, OverflowItem, SelectionSummary } from "../../protocol"
import { runLocalization, type RunSummary } from "../run-localization"
import type { Workspace } from "../use-connection"
import { canBuyCredits } from "./account-bar"
import { ErrorPanel } from "./error-panel"
import { type FormValues, LocalizeForm } from "./localize-form"
import { ProgressPanel } from "./progress-panel"
import { SummaryPanel } from "./summary-panel"
import { ToolsPanel } from "./tools-panel"

type Props = {
  main: MainHandlers
  api: NativApi
  workspace: Workspace
  serverUrl: string
  onSelection(listener: (selection: SelectionSummary) => void): () => void
  onFinished(): void
  onConnectAgain(): void
}

export function LocalizePanel({ main, api, workspace, serverUrl, ...props }: Props) {
  const [values, setValues] = useState<FormValues>({
    scope: "selection",
    includeHidden: false,
    mode: "copies",
    codes: [],
    images: false,
    formality: "",
    glossaryId: "",
    note: "",
  })
  const [selection, setSelection] = useState<SelectionSummary | null>(null)
  const [progress, setProgress] = useState<LocalizeProgress | null>(null)
  const [running, setRunning] = useState(false)
  const [cancelling, setCancelling] = useState(false)
  const [summary, setSummary] = useState<RunSummary | null>(null)
  const [overflows, setOverflows] = useState<OverflowItem[]>([])
  const [shortening, setShortening] = useState<string | null>(null)
  const [error, setError] = useState<PluginError | null>(null)
  const cancel = useRef<CancelToken | null>(null)
  const { onSelection, onFinished, onConnectAgain } = props

  useEffect(() => {
    void main.selection().then(setSelection)
    return onSelection(setSelection)
  }, [main, onSelection])

  const languages = workspace.languages
    .filter((l) => values.codes.includes(l.code))
    .map(({ name, code }) => ({ name, code }))
  const scope = { kind: values.scope, includeHidden: values.includeHidden }

  async function run(pseudo: boolean) {
    cancel.current = new CancelToken()
    setRunning(true)
    setCancelling(false)
    setError(null)
    setSummary(null)
    setProgress(null)
    try {
      const result = await runLocalization(
        main,
        pseudo ? null : api,
        {
          scope,
          mode: values.mode,
          images: values.mode === "copies" && values.images,
          languages: values.mode === "in-place" ? languages.slice(0, 1) : languages,
          formality: values.formality || undefined,
          glossaryId: values.glossaryId || null,
          note: values.note,
        },
        { cancel: cancel.current, onProgress: setProgress },
      )
      setSummary(result)
      setOverflows(result.overflows)
    } catch (failure) {
      setError(toPluginError(failure, serverUrl))
    } finally {
      setRunning(false)
      if (!pseudo) onFinished()
    }
  }

  async function shorten(item: OverflowItem) {
    const language = workspace.languages.find((l) => l.code === item.code)
    if (!language || !summary) return
    setShortening(item.id)
    try {
      const { text } = await api.shorten({
        text: item.source,
        language: language.name,
        language_code: language.code,
        tool: "figma",
        max_characters: item.fits,
        ...(values.formality ? { formality: values.formality } : {}),
        ...(values.glossaryId ? { glossary_id: values.glossaryId } : {}),
        ...(summary.context ? { context: summary.context } : {}),
        file_id: summary.fileId,
      })
      const still = await main.setText(item.id, item.code, item.source, text)
      setOverflows((list) => list.flatMap((o) => (o.id !== item.id ? [o] : still ? [still] : [])))
      onFinished()
    } catch (failure) {
      setError(toPluginError(failure, serverUrl))
    } finally {
      setShortening(null)
    }
  }

  const nothingChosen = values.codes.length === 0
  return (
    <>
      <section className="card" aria-label="Localize">
        <LocalizeForm
          workspace={workspace}
          selection={selection}
          values={values}
          onChange={setValues}
        />
        {values.mode === "in-place" && values.codes.length > 1 && (
          <p className="muted">In place takes one language: the first one ticked.</p>
        )}
        <div className="row">
          <button
            type="button"
            className="button primary"
            disabled={running || nothingChosen}
            onClick={() => void run(false)}
          >
            Localize
          </button>
          <button
            type="button"
            className="button secondary"
            disabled={running}
            onClick={() => void run(true)}
          >
            Preview pseudo-locale
          </button>
        </div>
        <p className="muted">The pseudo-locale preview is free and works offline.</p>
      </section>
      {running && (
        <ProgressPanel
          progress={progress}
          cancelling={cancelling}
          onCancel={() => {
            cancel.current?.cancel()
            setCancelling(true)
          }}
        />
      )}
      {error && (
        <ErrorPanel
          error={error}
          {...(canBuyCredits(workspace.account.role)
            ? { onBuyCredits: () => void main.openExternal(`${serverUrl}/credits`) }
            : {})}
          onConnectAgain={onConnectAgain}
        />
      )}
      {summary && (
        <SummaryPanel
          summary={summary}
          overflows={overflows}
          shortening={shortening}
          onSelect={(ids) => void main.select(ids)}
          onShorten={(item) => void shorten(item)}
        />
      )}
      <ToolsPanel main={main} scope={scope} />
    </>
  )
}
