import type { StyleGuide } from "@nativ/contracts"
import { ArrowDownIcon, ArrowUpIcon, PencilIcon, Trash2Icon } from "lucide-react"

import { Badge } from "@/components/ui/badge"
import { Button } from "@/components/ui/button"
import { ConfirmDestructive } from "@/components/ui/confirm-destructive"
import { cn } from "@/lib/utils"

import { useDeleteStyleGuide, useUpdateStyleGuide } from "../api/style-guides"
import { Switch } from "./guide-switch"
import { StyleGuideDialog } from "./style-guide-dialog"

/**
 * One guide: title, on/off, its text and, for owners and admins, move, edit and delete. The
 * switch shows the new state while it is being saved.
 */
export function StyleGuideRow({
  guide,
  canManage,
  moving,
  onMoveUp,
  onMoveDown,
}: {
  guide: StyleGuide
  canManage: boolean
  moving: boolean
  onMoveUp: (() => void) | undefined
  onMoveDown: (() => void) | undefined
}) {
  const update = useUpdateStyleGuide()
  const remove = useDeleteStyleGuide()
  const enabled = update.isPending
    ? (update.variables.change.is_enabled ?? guide.is_enabled)
    : guide.is_enabled
  return (
    <li aria-label={guide.title} className="grid gap-2 border-b py-3 last:border-b-0">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p className="min-w-0 flex-1 font-medium break-words">{guide.title}</p>
        {canManage ? (
          <div className="flex items-center gap-2">
            <span aria-hidden="true" className="text-sm text-muted-foreground">
              {enabled ? "Enabled" : "Disabled"}
            </span>
            <Switch
              checked={enabled}
              disabled={update.isPending}
              aria-label={`Enable ${guide.title}`}
              onCheckedChange={(is_enabled) =>
                update.mutate({ id: guide.id, change: { is_enabled } })
              }
            />
          </div>
        ) : (
          <Badge variant={guide.is_enabled ? "secondary" : "outline"}>
            {guide.is_enabled ? "Enabled" : "Disabled"}
          </Badge>
        )}
      </div>
      <p
        className={cn(
          "line-clamp-3 text-sm break-words whitespace-pre-wrap",
          enabled ? "text-foreground" : "text-muted-foreground",
        )}
      >
        {guide.content}
      </p>
      {canManage && (
        <div className="flex flex-wrap items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            disabled={!onMoveUp || moving}
            onClick={onMoveUp}
            aria-label={`Move ${guide.title} up`}
          >
            <ArrowUpIcon aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            disabled={!onMoveDown || moving}
            onClick={onMoveDown}
            aria-label={`Move ${guide.title} down`}
          >
            <ArrowDownIcon aria-hidden="true" />
          </Button>
          <StyleGuideDialog
            guide={guide}
            trigger={
              <Button variant="ghost" size="icon" aria-label={`Edit ${guide.title}`}>
                <PencilIcon aria-hidden="true" />
              </Button>
            }
          />
          <ConfirmDestructive
            label={`Delete ${guide.title}`}
            icon={<Trash2Icon aria-hidden="true" />}
            title="Delete style guide?"
            description={`"${guide.title}" will no longer be sent with culturalizations. This cannot be undone.`}
            action="Delete"
            pendingText="Deleting..."
            busy={remove.isPending}
            onConfirm={() => remove.mutate(guide)}
          />
        </div>
      )}
    </li>
  )
}
