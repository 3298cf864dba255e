import * as React from "react"

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"
import { useUserLanguages } from "@/hooks/use-user-languages"

import { imageFileProblem, imagePixelsProblem } from "../lib/image-file"
import { ExtractTextCard } from "./extract-text-card"
import { ImageDropZone } from "./image-drop-zone"
import { InspectImageCard } from "./inspect-image-card"
import { LocalizeImageCard } from "./localize-image-card"

type Picked = { file: File; url: string }

/**
 * The Playground's Image tab: one uploaded image, checked here against the server's limits
 * before anything is sent, and three actions on it. Each shows only results of the image shown.
 */
export function ImageTab() {
  const languages = useUserLanguages()
  const [picked, setPicked] = React.useState<Picked | null>(null)
  const [problem, setProblem] = React.useState<string | null>(null)
  const [inspectUnavailable, setInspectUnavailable] = React.useState<string | null>(null)

  // The preview's object URL lives as long as its image is the one shown.
  React.useEffect(() => (picked ? () => URL.revokeObjectURL(picked.url) : undefined), [picked])

  const pick = (file: File) => {
    const refused = imageFileProblem(file)
    setProblem(refused)
    if (!refused) setPicked({ file, url: URL.createObjectURL(file) })
  }
  const clear = () => {
    setPicked(null)
    setProblem(null)
  }
  const checkPixels = (width: number, height: number) => {
    const refused = imagePixelsProblem(width, height)
    if (!refused) return
    setPicked(null)
    setProblem(refused)
  }

  const file = picked?.file ?? null
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
      <Card className="lg:sticky lg:top-18">
        <CardHeader>
          <CardTitle>Image</CardTitle>
          <CardDescription>
            Upload a banner, button or screenshot to read, localize or inspect.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ImageDropZone
            file={file}
            previewUrl={picked?.url ?? null}
            problem={problem}
            onPick={pick}
            onClear={clear}
            onPreviewLoad={checkPixels}
          />
        </CardContent>
      </Card>
      <div className="grid min-w-0 gap-6">
        <ExtractTextCard file={file} />
        <LocalizeImageCard
          file={file}
          languages={languages.data ?? []}
          loadingLanguages={languages.isPending && languages.fetchStatus !== "idle"}
        />
        <InspectImageCard
          file={file}
          unavailable={inspectUnavailable}
          onUnavailable={setInspectUnavailable}
        />
      </div>
    </div>
  )
}
