import type * as React from "react"

import type { TmMatch } from "@nativ/contracts"

import { Badge } from "@/components/ui/badge"

import type { PlaygroundResult } from "../api/culturalize"

const SOURCE_LABELS: Record<string, string> = {
  memory: "Your earlier results",
  manual: "Added by hand",
  approved: "Approved result",
  user_glossary: "Glossary",
  import: "Imported",
}

/** What came with the text, each when present: the memory match, the rationale, the back-translation. */
export function ResultDetails({ result }: { result: PlaygroundResult }) {
  const hasBacktranslation = result.backtranslation !== undefined
  if (!result.tm_match && !result.rationale && !hasBacktranslation) return null
  return (
    <div className="grid gap-4">
      {result.tm_match && <TmMatchSection match={result.tm_match} />}
      {result.rationale && (
        <Section title="Rationale">
          <p data-testid="rationale" className="text-sm break-words whitespace-pre-wrap">
            {result.rationale}
          </p>
        </Section>
      )}
      {hasBacktranslation && (
        <Section title="Back-translation">
          {result.backtranslation ? (
            <p data-testid="backtranslation" className="text-sm break-words whitespace-pre-wrap">
              {result.backtranslation}
            </p>
          ) : (
            <p data-testid="backtranslation" className="text-sm text-muted-foreground">
              Not available for this result: the engine cannot translate back.
            </p>
          )}
        </Section>
      )}
    </div>
  )
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="grid gap-2 rounded-md border p-3">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  )
}

function TmMatchSection({ match }: { match: TmMatch }) {
  const source = match.tm_source_name ?? SOURCE_LABELS[match.tm_source] ?? match.tm_source
  return (
    <Section title="Translation memory match">
      <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="tm-match">
        <Badge variant="secondary">{`${Math.round(match.score)}% match`}</Badge>
        <Badge variant="outline">{match.match_type === "exact" ? "Exact" : "Fuzzy"}</Badge>
        <span className="text-muted-foreground">{source}</span>
      </div>
      <dl className="grid gap-2 text-sm">
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">Source</dt>
          <dd className="break-words whitespace-pre-wrap">{match.source_text}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">Translation</dt>
          <dd className="break-words whitespace-pre-wrap">{match.target_text}</dd>
        </div>
      </dl>
    </Section>
  )
}
