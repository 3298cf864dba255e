import {
  IMAGE_CULTURALIZE_CREDITS,
  IMAGE_TEXT_MAX,
  type ImageOutputFormat,
  type Language,
} from "@nativ/contracts"
import { LanguagesIcon } from "lucide-react"
import * as React from "react"

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"
import { Input } from "@/components/ui/input"
import { Label } from "@/components/ui/label"
import { formatCredits, plural } from "@/lib/format"

import { useLocalizeRun } from "../api/localize-run"
import { BusyButton } from "./busy-button"
import { CharacterCount } from "./character-count"
import { PriceHint } from "./charged-line"
import { LocalizedImageResult } from "./localized-image-result"
import { LocalizeTargets } from "./localize-targets"
import { OutputFormatSelect } from "./output-format-select"

/** 'Localize image': the image redrawn with its text culturalized into each chosen language. */
export function LocalizeImageCard({
  file,
  languages,
  loadingLanguages,
}: {
  file: File | null
  languages: Language[]
  loadingLanguages: boolean
}) {
  const id = React.useId()
  const [chosen, setChosen] = React.useState<Language[]>([])
  const [text, setText] = React.useState("")
  const [format, setFormat] = React.useState<ImageOutputFormat>("png")
  const { entries, running, start } = useLocalizeRun(file)

  const total = IMAGE_CULTURALIZE_CREDITS * Math.max(chosen.length, 1)
  const charged = entries.reduce((sum, e) => sum + (e.result?.metadata.cost ?? 0), 0)
  return (
    <Card>
      <CardHeader>
        <CardTitle>Localize image</CardTitle>
        <CardDescription>
          Redraw the image with its text culturalized for each language.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <LocalizeTargets
          id={`${id}-languages`}
          languages={languages}
          loading={loadingLanguages}
          chosen={chosen}
          onChange={setChosen}
          disabled={running}
        />
        <div className="grid gap-2">
          <Label htmlFor={`${id}-text`}>
            Text to place <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Input
            id={`${id}-text`}
            value={text}
            maxLength={IMAGE_TEXT_MAX}
            disabled={running}
            placeholder="e.g. Summer Sale"
            aria-describedby={`${id}-hint ${id}-count`}
            onChange={(event) => setText(event.target.value)}
          />
          <div className="flex justify-between gap-3">
            <p id={`${id}-hint`} className="text-xs text-muted-foreground">
              Drawn in place of the image&apos;s text, culturalized first. Empty: the image&apos;s
              own text is culturalized.
            </p>
            <div className="shrink-0 whitespace-nowrap">
              <CharacterCount id={`${id}-count`} count={text.length} max={IMAGE_TEXT_MAX} />
            </div>
          </div>
        </div>
        <OutputFormatSelect
          id={`${id}-format`}
          value={format}
          onChange={setFormat}
          disabled={running}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <PriceHint
            cost={total}
            detail={
              chosen.length > 1
                ? `(${formatCredits(IMAGE_CULTURALIZE_CREDITS)} per language, ${chosen.length} languages).`
                : "per language."
            }
          />
          <BusyButton
            busy={running}
            busyLabel="Localizing..."
            icon={<LanguagesIcon aria-hidden="true" />}
            disabled={!file || chosen.length === 0}
            onClick={() => void start(chosen, { text, format })}
          >
            Localize image
          </BusyButton>
        </div>
        {entries.length > 0 ? (
          <div className="grid gap-3">
            {entries.map((entry) => (
              <LocalizedImageResult
                key={entry.language.id}
                entry={entry}
                sourceName={file?.name ?? "image"}
              />
            ))}
            {!running && charged > 0 && entries.length > 1 && (
              <p className="text-sm text-muted-foreground" data-testid="localize-total">
                Charged in all:{" "}
                <span className="font-medium text-foreground">{formatCredits(charged)}</span>{" "}
                {plural(charged, "credit")}
              </p>
            )}
          </div>
        ) : (
          <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">
            {file
              ? 'Choose languages and click "Localize image" to see the results here.'
              : "Upload an image to localize it."}
          </p>
        )}
      </CardContent>
    </Card>
  )
}
