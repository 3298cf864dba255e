import { TranslationMemoryPage } from "@/features/translation-memory/translation-memory-page"

export function Component() {
  return <TranslationMemoryPage />
}
