import type { CreatedApiKey } from "@nativ/contracts"
import * as React from "react"

import { PageHeader } from "@/components/layout/page-header"

import { ApiKeysList } from "./components/api-keys-list"
import { CreateApiKeyForm } from "./components/create-api-key-form"
import { NewKeyBanner } from "./components/new-key-banner"
import { QuickStartSnippets } from "./components/quick-start-snippets"

/**
 * API Keys (docs/product.md#api-keys): create a key, see it once with quick-start snippets that
 * use it, list and revoke keys.
 */
export function ApiKeysPage() {
  const [created, setCreated] = React.useState<CreatedApiKey | null>(null)
  return (
    <>
      <PageHeader title="API Keys" description="Create and manage keys for the Nativ API." />
      <div className="grid grid-cols-1 gap-6">
        <CreateApiKeyForm onCreated={setCreated} />
        {created && (
          <>
            <NewKeyBanner apiKey={created} onDismiss={() => setCreated(null)} />
            <QuickStartSnippets apiKey={created.key} />
          </>
        )}
        <ApiKeysList />
      </div>
    </>
  )
}
