import { CheckIcon, ExternalLinkIcon } from "lucide-react"
import type * as React from "react"

import { Button } from "@/components/ui/button"
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@/components/ui/card"

import { InstallSteps, type PluginDownload } from "./install-steps"

export type Plugin = {
  name: string
  host: string
  icon: React.ReactNode
  features: string[]
  url: string
  download: PluginDownload
}

/**
 * One plugin: what it does, 'Get Plugin', which opens its marketplace page in a new tab, and this
 * server's own build to download, with how to install it.
 */
export function PluginCard({ plugin }: { plugin: Plugin }) {
  return (
    <Card>
      <CardHeader className="grid-cols-[auto_1fr] items-center gap-x-4">
        <div className="row-span-2 flex size-12 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          {plugin.icon}
        </div>
        <CardTitle>{plugin.name}</CardTitle>
        <CardDescription>for {plugin.host}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ul className="grid gap-2 text-sm" aria-label={`${plugin.name} features`}>
          {plugin.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              {feature}
            </li>
          ))}
        </ul>
        <InstallSteps pluginName={plugin.name} download={plugin.download} />
      </CardContent>
      <CardFooter className="mt-auto">
        <Button
          className="w-full"
          aria-label={`Get Plugin for ${plugin.host} (opens in a new tab)`}
          onClick={() => window.open(plugin.url, "_blank", "noopener,noreferrer")}
        >
          Get Plugin
          <ExternalLinkIcon aria-hidden="true" />
        </Button>
      </CardFooter>
    </Card>
  )
}
