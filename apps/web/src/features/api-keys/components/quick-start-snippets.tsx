import { CopyIcon } from "lucide-react"

import { Button } from "@/components/ui/button"
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs"
import { useRuntimeConfig } from "@/config/runtime-config"
import { copyText } from "@/lib/clipboard"

import { type QuickStartSnippet, quickStartSnippets } from "../lib/quick-start-snippets"

/** Ready-to-paste requests with the new key and this server's API URL, one tab per client. */
export function QuickStartSnippets({ apiKey }: { apiKey: string }) {
  const { apiUrl } = useRuntimeConfig()
  const snippets = quickStartSnippets({ apiUrl, apiKey })
  return (
    <Card role="region" aria-labelledby="quick-start-title">
      <CardHeader>
        <CardTitle id="quick-start-title">Quick start</CardTitle>
        <CardDescription>
          Culturalize a first text with your new key. Each snippet already carries the key and this
          server&apos;s address.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue={snippets[0]?.id}>
          <TabsList className="h-auto w-full flex-wrap justify-start sm:w-fit">
            {snippets.map((snippet) => (
              <TabsTrigger key={snippet.id} value={snippet.id}>
                {snippet.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {snippets.map((snippet) => (
            <TabsContent key={snippet.id} value={snippet.id} className="grid gap-3">
              <SnippetBlock snippet={snippet} />
            </TabsContent>
          ))}
        </Tabs>
      </CardContent>
    </Card>
  )
}

function SnippetBlock({ snippet }: { snippet: QuickStartSnippet }) {
  return (
    <>
      {snippet.install && (
        <p className="text-sm text-muted-foreground">
          Install first: <code className="font-mono text-foreground">{snippet.install}</code>
        </p>
      )}
      {snippet.id === "node-client" && (
        <p className="text-sm text-muted-foreground">
          <code className="font-mono text-foreground">@nativ/client</code> is the typed client in
          this project&apos;s <code className="font-mono text-foreground">packages/client</code>.
        </p>
      )}
      {/* Focusable so a keyboard can scroll a long line sideways. */}
      <pre
        tabIndex={0}
        aria-label={`${snippet.label} snippet`}
        data-testid={`snippet-${snippet.id}`}
        className="overflow-x-auto rounded-md border bg-muted px-3 py-2 font-mono text-xs leading-relaxed text-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {snippet.code}
      </pre>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => void copyText(snippet.code)}
      >
        <CopyIcon aria-hidden="true" />
        Copy {snippet.label}
      </Button>
    </>
  )
}
