import { InfoIcon } from "lucide-react"

import { useCompany } from "@/hooks/use-company"

import { BrandVoiceCard } from "./brand-voice-card"
import { CombinedStylePreview } from "./combined-style-preview"
import { StyleGuidesCard } from "./style-guides-card"

/**
 * Style: the brand voice, the style guides and the prompt they make together. Owners and admins
 * change them (docs/teams.md); members read them.
 */
export function StyleTab() {
  const company = useCompany()
  const canManage = company.can("manageStyle")
  return (
    <div className="grid gap-6">
      {company.role && !canManage && (
        <p className="flex gap-2 rounded-md bg-accent p-3 text-sm text-accent-foreground">
          <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Only owners and admins can change the style settings. You can read them here; they apply
          to every culturalization your company makes.
        </p>
      )}
      <BrandVoiceCard canManage={canManage} />
      <StyleGuidesCard canManage={canManage} />
      <CombinedStylePreview />
    </div>
  )
}
