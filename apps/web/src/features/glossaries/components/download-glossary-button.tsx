import type { Glossary } from "@nativ/contracts"
import { DownloadIcon } from "lucide-react"

import { Button } from "@/components/ui/button"

import { useDownloadGlossary } from "../api/download-glossary"

/** 'Download CSV': the glossary's entries as a file named after it. */
export function DownloadGlossaryButton({ glossary }: { glossary: Glossary }) {
  const download = useDownloadGlossary()
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Download "${glossary.name}" as CSV`}
      disabled={download.isPending}
      onClick={() => download.mutate(glossary)}
    >
      <DownloadIcon aria-hidden="true" />
    </Button>
  )
}
