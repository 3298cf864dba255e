import { ChevronDownIcon } from "lucide-react"
import * as React from "react"

import { Button } from "@/components/ui/button"
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"
import { cn } from "@/lib/utils"

import { useCombinedStyle } from "../api/combined-style"
import { LoadFailed, Loading } from "./style-states"

/**
 * Style → Combined prompt: what every model call is told (the brand voice, then each enabled
 * guide), behind a disclosure; read when first opened and again after every change.
 */
export function CombinedStylePreview() {
  const [open, setOpen] = React.useState(false)
  const combined = useCombinedStyle(open)
  const regionId = React.useId()
  return (
    <Card>
      <CardHeader>
        <CardTitle>Combined prompt</CardTitle>
        <CardDescription>
          What every culturalization is told about your style, in this order.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Button
          variant="outline"
          className="justify-self-start"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen((value) => !value)}
        >
          <ChevronDownIcon
            aria-hidden="true"
            className={cn("transition-transform", open && "rotate-180")}
          />
          {open ? "Hide combined prompt" : "Show combined prompt"}
        </Button>
        <div id={regionId} hidden={!open}>
          {!open ? null : combined.isPending ? (
            <Loading>Loading combined prompt...</Loading>
          ) : combined.isError ? (
            <LoadFailed what="The combined prompt" onRetry={() => void combined.refetch()} />
          ) : !combined.data.exists ? (
            <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">
              Nothing yet: without a brand voice or an enabled guide, culturalizations follow only
              each language&apos;s formality and custom style.
            </p>
          ) : (
            <pre
              data-testid="combined-prompt"
              className="max-h-96 overflow-y-auto rounded-md border bg-muted/50 p-4 font-sans text-sm break-words whitespace-pre-wrap"
            >
              {combined.data.prompt}
            </pre>
          )}
        </div>
      </CardContent>
    </Card>
  )
}
