import { CopyIcon, HistoryIcon, InfoIcon } from "lucide-react"

import { Button } from "@/components/ui/button"
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"
import { copyText } from "@/lib/clipboard"
import { formatCredits, plural } from "@/lib/format"
import { cn } from "@/lib/utils"

import type { PlaygroundResult } from "../api/culturalize"
import { FeedbackCard } from "./feedback-card"
import { ResultDetails } from "./result-details"
import { RunError } from "./run-error"

const copied = { copied: "Text copied successfully!", failed: "Failed to copy text to clipboard" }

/**
 * The Result card: a hint until the first result, then the text, its cost (or that memory answered
 * it for free), what came with it and the feedback card. A refused run (`error`) is shown on top,
 * and the result before it, if any, stays below it marked as the previous one.
 */
export function ResultCard({
  result,
  error = null,
}: {
  result: PlaygroundResult | null
  error?: unknown
}) {
  const stale = Boolean(error) && result !== null
  return (
    <Card>
      <CardHeader>
        <CardTitle>Result</CardTitle>
        <CardDescription>The culturalized text appears here.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {error ? <RunError error={error} /> : null}
        {stale && (
          <p className="text-sm font-medium text-muted-foreground" data-testid="previous-result">
            Previous result — from your last successful run, not the one refused above.
          </p>
        )}
        {!result ? (
          error ? null : (
            <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
              Enter text and click &quot;Culturalize&quot; to see the result here.
            </p>
          )
        ) : (
          <div
            className={cn("grid gap-4", stale && "rounded-md border border-dashed p-3")}
            aria-label={stale ? "Previous result" : undefined}
            role={stale ? "group" : undefined}
          >
            <div
              data-testid="culturalized-text"
              className="max-h-96 overflow-y-auto rounded-md border bg-muted/50 p-4 text-sm break-words whitespace-pre-wrap"
              lang={result.language_code.toLowerCase()}
            >
              {result.translated_text}
            </div>
            {result.note && (
              <p className="flex gap-2 rounded-md bg-accent p-3 text-sm text-accent-foreground">
                <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span data-testid="engine-note">{result.note}</span>
              </p>
            )}
            {result.from_memory && (
              <p
                data-testid="from-memory"
                className="flex gap-2 rounded-md bg-accent p-3 text-sm text-accent-foreground"
              >
                <HistoryIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                From memory — no credits charged
              </p>
            )}
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-muted-foreground" data-testid="culturalize-cost">
                Cost:{" "}
                <span className="font-medium text-foreground">{formatCredits(result.cost)}</span>{" "}
                {plural(result.cost, "credit")} · Remaining balance:{" "}
                <span className="font-medium text-foreground">
                  {formatCredits(result.credits_remaining)}
                </span>{" "}
                {plural(result.credits_remaining, "credit")}
              </p>
              <Button
                variant="outline"
                onClick={() => void copyText(result.translated_text, copied)}
              >
                <CopyIcon aria-hidden="true" />
                Copy to Clipboard
              </Button>
            </div>
            <ResultDetails result={result} />
            <FeedbackCard key={result.operation_id} result={result} />
          </div>
        )}
      </CardContent>
    </Card>
  )
}
