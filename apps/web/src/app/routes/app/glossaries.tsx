import { GlossariesPage } from "@/features/glossaries/glossaries-page"

export function Component() {
  return <GlossariesPage />
}
