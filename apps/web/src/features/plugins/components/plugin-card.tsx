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

export type Plugin = {
  name: string
  host: string
  icon: React.ReactNode
  features: string[]
  url: string
}

/** One plugin: what it does and 'Get Plugin', which opens its marketplace page in a new tab. */
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
      <CardContent>
        <ul className="grid gap-2 text-sm" aria-label={`${plugin.name} features`}>
          {plugin.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              {feature}
            </li>
          ))}
        </ul>
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
