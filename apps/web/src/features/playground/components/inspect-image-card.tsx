import { IMAGE_INSPECT_CREDITS, type ImageInspectResponse } from "@nativ/contracts"
import { InfoIcon, ShieldCheckIcon } from "lucide-react"
import * as React from "react"

import { Badge } from "@/components/ui/badge"
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"
import { Input } from "@/components/ui/input"
import { Label } from "@/components/ui/label"
import { errorMessage } from "@/lib/errors"

import { isVisionModelRequired, useInspectImage } from "../api/inspect-image"
import { BusyButton } from "./busy-button"
import { ChargedLine, PriceHint } from "./charged-line"
import { PanelError } from "./panel-error"

/**
 * 'Inspect': whether the image is safe to show in the countries given. A server without a vision
 * model cannot inspect: once it says so (`unavailable`), the card says why and offers no button.
 */
export function InspectImageCard({
  file,
  unavailable,
  onUnavailable,
}: {
  file: File | null
  unavailable: string | null
  onUnavailable: (message: string) => void
}) {
  const id = React.useId()
  const inspect = useInspectImage()
  const [countries, setCountries] = React.useState("")
  const current = inspect.variables?.file === file

  const run = () => {
    if (!file) return
    inspect.mutate(
      { file, countries },
      {
        onError: (error) => {
          if (isVisionModelRequired(error)) onUnavailable(errorMessage(error))
        },
      },
    )
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Inspect</CardTitle>
        <CardDescription>
          Check what the image shows (gestures, symbols, colours) for cultural issues.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {unavailable ? (
          <p
            role="status"
            data-testid="inspect-unavailable"
            className="flex gap-2 rounded-md bg-accent p-3 text-sm text-accent-foreground"
          >
            <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{unavailable}</span>
          </p>
        ) : (
          <>
            <div className="grid gap-2">
              <Label htmlFor={id}>
                Countries <span className="font-normal text-muted-foreground">(optional)</span>
              </Label>
              <Input
                id={id}
                value={countries}
                maxLength={2_000}
                placeholder="e.g. Japan, Brazil, Germany"
                aria-describedby={`${id}-hint`}
                onChange={(event) => setCountries(event.target.value)}
              />
              <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                Separate countries with commas. Without any, the 30 largest economies are checked.
              </p>
            </div>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <PriceHint cost={IMAGE_INSPECT_CREDITS} />
              <BusyButton
                busy={inspect.isPending}
                busyLabel="Inspecting..."
                icon={<ShieldCheckIcon aria-hidden="true" />}
                disabled={!file}
                onClick={run}
              >
                Inspect
              </BusyButton>
            </div>
            {current && inspect.isError ? (
              <PanelError error={inspect.error} />
            ) : (
              current && inspect.data && <Verdict result={inspect.data} />
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}

function Verdict({ result }: { result: ImageInspectResponse }) {
  const safe = result.verdict === "SAFE"
  return (
    <div className="grid gap-3" data-testid="inspect-verdict">
      <p className="flex items-center gap-2 text-sm">
        Verdict: <Badge variant={safe ? "secondary" : "destructive"}>{result.verdict}</Badge>
      </p>
      {result.affected_countries.length > 0 && (
        <ul className="grid gap-2">
          {result.affected_countries.map((entry) => (
            <li key={entry.country} className="rounded-md border p-3 text-sm">
              <p className="font-medium">{entry.country}</p>
              <p className="text-muted-foreground">{entry.issue}</p>
              <p>
                <span className="font-medium">Suggestion:</span> {entry.suggestion}
              </p>
            </li>
          ))}
        </ul>
      )}
      <ChargedLine cost={result.cost} remaining={result.credits_remaining} />
    </div>
  )
}
