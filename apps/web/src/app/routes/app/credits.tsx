import { CreditsPage } from "@/features/credits/credits-page"

export function Component() {
  return <CreditsPage />
}
