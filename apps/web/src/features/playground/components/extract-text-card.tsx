import { TEXT_EXTRACT_CREDITS } from "@nativ/contracts"
import { CopyIcon, ScanTextIcon } from "lucide-react"

import { Button } from "@/components/ui/button"
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"
import { copyText } from "@/lib/clipboard"

import { useExtractText } from "../api/extract-text"
import { BusyButton } from "./busy-button"
import { ChargedLine, PriceHint } from "./charged-line"
import { PanelError } from "./panel-error"

const copied = { copied: "Text copied successfully!", failed: "Failed to copy text to clipboard" }

/** 'Extract text': the image's text, read by OCR, to copy. */
export function ExtractTextCard({ file }: { file: File | null }) {
  const extract = useExtractText()
  // Results of an earlier image are not this one's.
  const current = extract.variables === file
  const result = current ? extract.data : undefined

  return (
    <Card>
      <CardHeader>
        <CardTitle>Extract text</CardTitle>
        <CardDescription>Read the text in the image, line by line.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <PriceHint cost={TEXT_EXTRACT_CREDITS} />
          <BusyButton
            busy={extract.isPending}
            busyLabel="Extracting..."
            icon={<ScanTextIcon aria-hidden="true" />}
            disabled={!file}
            onClick={() => file && extract.mutate(file)}
          >
            Extract text
          </BusyButton>
        </div>
        {current && extract.isError ? (
          <PanelError error={extract.error} />
        ) : result ? (
          <>
            {result.extracted_text ? (
              <div
                data-testid="extracted-text"
                className="max-h-72 overflow-y-auto rounded-md border bg-muted/50 p-4 text-sm break-words whitespace-pre-wrap"
              >
                {result.extracted_text}
              </div>
            ) : (
              <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">
                No text was found in this image.
              </p>
            )}
            <div className="flex flex-wrap items-center justify-between gap-3">
              <ChargedLine
                cost={result.cost}
                remaining={result.credits_remaining}
                testId="extract-cost"
              />
              {result.extracted_text && (
                <Button
                  variant="outline"
                  onClick={() => void copyText(result.extracted_text, copied)}
                >
                  <CopyIcon aria-hidden="true" />
                  Copy to Clipboard
                </Button>
              )}
            </div>
          </>
        ) : (
          !extract.isPending && (
            <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">
              {file
                ? 'Click "Extract text" to see the image\'s text here.'
                : "Upload an image to extract its text."}
            </p>
          )
        )}
      </CardContent>
    </Card>
  )
}
