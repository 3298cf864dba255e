import { DownloadIcon } from "lucide-react"

import { Button } from "@/components/ui/button"

export type PluginDownload = {
  /** This server's zip of the plugin, its manifest written for this server. */
  url: string
  fileName: string
  /** What a person does after downloading, in order. */
  steps: string[]
}

/**
 * 'Download for this server' and how to install what it gives: the zip carries a manifest that
 * lets the plugin reach this server only, so it works on a private deployment too.
 */
export function InstallSteps({
  pluginName,
  download,
}: {
  pluginName: string
  download: PluginDownload
}) {
  const headingId = `install-${download.fileName.replace(/\W+/g, "-")}`
  return (
    <section aria-labelledby={headingId} className="grid gap-3 border-t pt-4">
      <h3 id={headingId} className="text-sm font-semibold">
        Install for this server
      </h3>
      <ol className="grid list-decimal gap-1.5 pl-5 text-sm text-muted-foreground marker:text-foreground">
        {download.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <Button asChild variant="outline" className="w-full">
        <a
          href={download.url}
          download={download.fileName}
          aria-label={`Download for this server (${pluginName}, ${download.fileName})`}
        >
          <DownloadIcon aria-hidden="true" />
          Download for this server
        </a>
      </Button>
    </section>
  )
}
