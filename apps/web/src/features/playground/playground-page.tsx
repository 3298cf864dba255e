import * as React from "react"
import { useSearchParams } from "react-router"
import { toast } from "sonner"

import { PageHeader } from "@/components/layout/page-header"
import { ErrorState } from "@/components/ui/error-state"
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs"

import { useUserLanguages } from "@/hooks/use-user-languages"

import { type PlaygroundResult, useCulturalize } from "./api/culturalize"
import { type CulturalizeSubmission, CulturalizeForm } from "./components/culturalize-form"
import { ImageTab } from "./components/image-tab"
import { ResultCard } from "./components/result-card"

/**
 * Playground (docs/product.md#playground): culturalize a text, read the result and rate it; or,
 * in the Image tab (`?tab=image`), read, localize or inspect an image. A tab once shown stays
 * mounted while hidden, so switching back keeps what was typed and shown there.
 */
export function PlaygroundPage() {
  const [params, setParams] = useSearchParams()
  const tab = params.get("tab") === "image" ? "image" : "text"
  const [imageShown, setImageShown] = React.useState(tab === "image")
  if (tab === "image" && !imageShown) setImageShown(true)
  const languages = useUserLanguages()
  const culturalize = useCulturalize()
  const [result, setResult] = React.useState<PlaygroundResult | null>(null)
  const resultRef = React.useRef<HTMLDivElement>(null)
  // A refused run, shown in the Result card until the next run starts.
  const runError = culturalize.isError ? culturalize.error : null

  // On one-column (small) screens the result (or why there is none) lands below the form: bring
  // it into view.
  React.useEffect(() => {
    const card = resultRef.current
    if ((result || runError) && card && card.getBoundingClientRect().top > window.innerHeight * 0.6)
      card.scrollIntoView({ behavior: "smooth", block: "start" })
  }, [result, runError])

  // The rationale and the translation-memory match are always asked for: they cost nothing more.
  const onSubmit = ({ text, language, glossary, glossaryId, options }: CulturalizeSubmission) =>
    culturalize.mutate(
      {
        text,
        language: language.language,
        language_code: language.language_code,
        tool: "dashboard",
        ...(glossary ? { glossary: glossary.entries } : {}),
        ...(glossaryId ? { glossary_id: glossaryId } : {}),
        ...options,
        include_rationale: true,
        include_tm_info: true,
      },
      {
        onSuccess: (response) => {
          setResult({ ...response, source: text })
          toast.success("Success!", { description: "Text has been culturalized successfully" })
        },
      },
    )

  return (
    <>
      <PageHeader
        title="Playground"
        description="Try culturalizing text into any of your languages."
      />
      <Tabs
        value={tab}
        onValueChange={(next) =>
          setParams(next === "image" ? { tab: next } : {}, { replace: true })
        }
      >
        <TabsList>
          <TabsTrigger value="text">Text</TabsTrigger>
          <TabsTrigger value="image">Image</TabsTrigger>
        </TabsList>
        <TabsContent value="text" forceMount hidden={tab !== "text"}>
          <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
            <div className="grid gap-4">
              {languages.isError && (
                <ErrorState
                  title="Your languages could not be loaded."
                  error={languages.error}
                  onRetry={() => void languages.refetch()}
                  retrying={languages.isFetching}
                  className="rounded-xl border py-4"
                />
              )}
              <CulturalizeForm
                languages={languages.data ?? []}
                // A failed read is not an empty list: the form keeps waiting for the languages.
                loadingLanguages={
                  (languages.isPending && languages.fetchStatus !== "idle") || languages.isError
                }
                busy={culturalize.isPending}
                onSubmit={onSubmit}
              />
            </div>
            <div ref={resultRef} className="scroll-mt-4">
              <ResultCard result={result} error={runError} />
            </div>
          </div>
        </TabsContent>
        <TabsContent value="image" forceMount={imageShown || undefined} hidden={tab !== "image"}>
          {imageShown && <ImageTab />}
        </TabsContent>
      </Tabs>
    </>
  )
}
