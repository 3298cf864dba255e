import { DownloadIcon, InfoIcon, LoaderCircleIcon } from "lucide-react"

import { Button } from "@/components/ui/button"
import { saveFile } from "@/lib/save-file"

import type { LocalizeEntry } from "../api/localize-run"
import { imageBlob, imageDataUrl, localizedFileName } from "../lib/image-file"
import { ChargedLine } from "./charged-line"
import { languageLabel } from "./localize-targets"
import { PanelError } from "./panel-error"

/** One language's outcome: the localized image(s) with a Download button each, or why not. */
export function LocalizedImageResult({
  entry,
  sourceName,
}: {
  entry: LocalizeEntry
  sourceName: string
}) {
  const label = languageLabel(entry.language)
  const { result } = entry
  return (
    <section
      aria-label={label}
      className="grid gap-3 rounded-md border p-3"
      data-testid="localized-image"
    >
      <h3 className="text-sm font-medium">{label}</h3>
      {entry.status === "waiting" && <p className="text-sm text-muted-foreground">Waiting...</p>}
      {entry.status === "running" && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
          Localizing...
        </p>
      )}
      {entry.status === "skipped" && (
        <p className="text-sm text-muted-foreground">Not localized: stopped after an error.</p>
      )}
      {entry.status === "failed" && <PanelError error={entry.error} />}
      {result && (
        <>
          {result.images.map((image, variant) => {
            const format = result.metadata.output_format
            const name = localizedFileName(
              sourceName,
              entry.language.language_code,
              format,
              variant,
            )
            return (
              <div key={variant} className="grid gap-2">
                <img
                  src={imageDataUrl(image.image_base64, format)}
                  alt={`${sourceName} localized into ${label}`}
                  className="max-h-72 w-auto max-w-full justify-self-center rounded-md border object-contain"
                />
                <Button
                  variant="outline"
                  className="justify-self-start"
                  aria-label={`Download ${name}`}
                  onClick={() => saveFile(name, imageBlob(image.image_base64, format))}
                >
                  <DownloadIcon aria-hidden="true" />
                  Download
                </Button>
              </div>
            )
          })}
          {result.metadata.note && (
            <p className="flex gap-2 rounded-md bg-accent p-3 text-sm text-accent-foreground">
              <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{result.metadata.note}</span>
            </p>
          )}
          {result.metadata.regions.length > 0 && (
            <details className="text-sm">
              <summary className="cursor-pointer text-muted-foreground">
                Text replaced ({result.metadata.regions.length})
              </summary>
              <ul className="mt-2 grid gap-1" data-testid="replaced-text">
                {result.metadata.regions.map((region, i) => (
                  <li key={i} className="break-words">
                    <span className="text-muted-foreground">{region.source_text}</span> →{" "}
                    <span lang={entry.language.language_code.toLowerCase()}>{region.text}</span>
                  </li>
                ))}
              </ul>
            </details>
          )}
          <ChargedLine cost={result.metadata.cost} remaining={result.credits_remaining} />
        </>
      )}
    </section>
  )
}
