import type { Glossary } from "@nativ/contracts"
import { CopyIcon } from "lucide-react"

import { Button } from "@/components/ui/button"
import { copyText } from "@/lib/clipboard"

/** The glossary's id, which API callers send as glossary_id, with a button that copies it. */
export function GlossaryId({ glossary }: { glossary: Glossary }) {
  return (
    <span className="mt-1 flex items-center gap-1 text-xs text-muted-foreground">
      <span className="shrink-0">ID</span>
      <code className="min-w-0 font-mono break-all" data-testid="glossary-id">
        {glossary.id}
      </code>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-7 shrink-0"
        aria-label={`Copy the id of "${glossary.name}"`}
        onClick={() =>
          void copyText(glossary.id, {
            copied: "Glossary id copied",
            failed: "Failed to copy the glossary id",
          })
        }
      >
        <CopyIcon aria-hidden="true" />
      </Button>
    </span>
  )
}
