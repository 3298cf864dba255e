import { STYLE_GUIDES_MAX, type StyleGuide } from "@nativ/contracts"
import { PlusIcon } from "lucide-react"

import { Button } from "@/components/ui/button"
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"

import { useReorderStyleGuides, useStyleGuides } from "../api/style-guides"
import { StyleGuideDialog } from "./style-guide-dialog"
import { StyleGuideRow } from "./style-guide-row"
import { LoadFailed, Loading } from "./style-states"

/** Style → Style guides: rules sent, in order, with every culturalization while enabled. */
export function StyleGuidesCard({ canManage }: { canManage: boolean }) {
  const guides = useStyleGuides()
  const reorder = useReorderStyleGuides()
  const full = (guides.data?.length ?? 0) >= STYLE_GUIDES_MAX

  const move = (list: StyleGuide[], index: number, by: -1 | 1) => {
    const next = [...list]
    const [moved] = next.splice(index, 1)
    next.splice(index + by, 0, moved!)
    reorder.mutate(next)
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Style guides</CardTitle>
        <CardDescription>
          Rules for wording, terms and tone, e.g. which product names never change.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {canManage && guides.isSuccess && (
          <div className="flex flex-wrap items-center gap-3">
            <StyleGuideDialog
              trigger={
                <Button disabled={full}>
                  <PlusIcon aria-hidden="true" />
                  Add style guide
                </Button>
              }
            />
            <p className="text-sm text-muted-foreground">
              {full
                ? `You have ${STYLE_GUIDES_MAX} guides, the most a company can have. Delete or merge one to add another.`
                : `${guides.data.length} of ${STYLE_GUIDES_MAX} guides`}
            </p>
          </div>
        )}
        {guides.isPending ? (
          <Loading>Loading style guides...</Loading>
        ) : guides.isError ? (
          <LoadFailed
            what="The style guides"
            error={guides.error}
            onRetry={() => void guides.refetch()}
          />
        ) : guides.data.length === 0 ? (
          <div className="grid gap-1 py-6 text-center">
            <p className="font-medium">No style guides yet</p>
            <p className="text-sm text-muted-foreground">
              {canManage
                ? "Add a guide to tell every culturalization how to write for your company."
                : "An owner or admin of your company can add style guides."}
            </p>
          </div>
        ) : (
          <ol aria-label="Style guides" className="min-w-0 rounded-md border px-4">
            {guides.data.map((guide, index) => (
              <StyleGuideRow
                key={guide.id}
                guide={guide}
                canManage={canManage}
                moving={reorder.isPending}
                onMoveUp={index > 0 ? () => move(guides.data, index, -1) : undefined}
                onMoveDown={
                  index < guides.data.length - 1 ? () => move(guides.data, index, 1) : undefined
                }
              />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  )
}
