import * as React from "react"
import { toast } from "sonner"

import { PageHeader } from "@/components/layout/page-header"

import { useUserLanguages } from "@/hooks/use-user-languages"

import { type PlaygroundResult, useCulturalize } from "./api/culturalize"
import { type CulturalizeSubmission, CulturalizeForm } from "./components/culturalize-form"
import { ResultCard } from "./components/result-card"

/** Playground (docs/product.md#playground): culturalize a text, read the result and rate it. */
export function PlaygroundPage() {
  const languages = useUserLanguages()
  const culturalize = useCulturalize()
  const [result, setResult] = React.useState<PlaygroundResult | null>(null)
  const resultRef = React.useRef<HTMLDivElement>(null)

  // On one-column (small) screens the result lands below the form: bring it into view.
  React.useEffect(() => {
    const card = resultRef.current
    if (result && card && card.getBoundingClientRect().top > window.innerHeight * 0.6)
      card.scrollIntoView({ behavior: "smooth", block: "start" })
  }, [result])

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
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <CulturalizeForm
          languages={languages.data ?? []}
          loadingLanguages={languages.isPending && languages.fetchStatus !== "idle"}
          busy={culturalize.isPending}
          onSubmit={onSubmit}
        />
        <div ref={resultRef} className="scroll-mt-4">
          <ResultCard result={result} />
        </div>
      </div>
    </>
  )
}
