import { PenToolIcon, ImageIcon, MailIcon } from "lucide-react"
import * as React from "react"

import { PageHeader } from "@/components/layout/page-header"
import { useRuntimeConfig } from "@/config/runtime-config"
import { useCompany } from "@/hooks/use-company"
import { markFirstStep } from "@/lib/first-steps"

import { type Plugin, PluginCard } from "./components/plugin-card"

/** Plugins (docs/product.md#plugins): the Figma and Photoshop plugins and where to get help. */
export function PluginsPage() {
  const config = useRuntimeConfig()
  const { companyId } = useCompany()
  // "Get a plugin" on the dashboard's first steps is done once this page has been seen.
  React.useEffect(() => {
    if (companyId) markFirstStep(companyId, "plugins-visited")
  }, [companyId])
  const plugins: Plugin[] = [
    {
      name: "Figma Plugin",
      host: "Figma",
      icon: <PenToolIcon className="size-6" aria-hidden="true" />,
      url: config.figmaPluginUrl,
      download: {
        url: `${config.supabaseUrl}/plugins/figma.zip`,
        fileName: "nativ-figma.zip",
        steps: [
          "Download the plugin for this server and unzip it.",
          "In the Figma desktop app, open a design file and choose Plugins → Development → Import plugin from manifest…, then select manifest.json in the unzipped folder.",
          "Run Plugins → Development → Nativ, choose Connect to Nativ and approve the code it shows on this dashboard.",
        ],
      },
      features: [
        "Upload glossary",
        "Localize texts",
        "Localize visuals with the latest AI model",
        "Multi-language support",
        "Real-time collaboration",
      ],
    },
    {
      name: "Photoshop Plugin",
      host: "Adobe Photoshop",
      icon: <ImageIcon className="size-6" aria-hidden="true" />,
      url: config.photoshopPluginUrl,
      download: {
        url: `${config.supabaseUrl}/plugins/photoshop.zip`,
        fileName: "nativ-photoshop.zip",
        steps: [
          "Download the plugin for this server and unzip it.",
          "In the UXP Developer Tool, choose Add Plugin and select manifest.json in the unzipped folder.",
          "Choose Load in the plugin's Actions menu, then open Plugins → Nativ in Photoshop, choose Connect to Nativ and approve the code it shows on this dashboard.",
        ],
      },
      features: [
        "Upload glossary",
        "Localize texts and smart objects",
        "Localize visuals with the latest AI model",
        "Multi-language support",
        "Adobe Creative Cloud integration",
      ],
    },
  ]
  return (
    <>
      <PageHeader
        title="Plugins"
        description="Extend your localization workflow with design tool integrations."
      />
      <div className="grid gap-6 md:grid-cols-2">
        {plugins.map((plugin) => (
          <PluginCard key={plugin.name} plugin={plugin} />
        ))}
      </div>
      <section
        aria-labelledby="plugins-help"
        className="mt-6 flex flex-col gap-3 rounded-xl border bg-muted/50 p-6 sm:flex-row sm:items-center"
      >
        <MailIcon className="size-6 shrink-0 text-primary" aria-hidden="true" />
        <div className="grid gap-1">
          <h2 id="plugins-help" className="font-semibold">
            Need Help Getting Started?
          </h2>
          <p className="text-sm text-muted-foreground">
            Contact our support team at{" "}
            <a
              href={`mailto:${config.supportEmail}`}
              className="font-medium break-all text-primary underline-offset-4 hover:underline"
            >
              {config.supportEmail}
            </a>{" "}
            for installation help and tips.
          </p>
        </div>
      </section>
    </>
  )
}
