import type { OperationDetail } from "@nativ/contracts"
import type { RefObject } from "react"
import { Link } from "react-router"

import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog"
import { ErrorState } from "@/components/ui/error-state"
import { useCompany } from "@/hooks/use-company"
import { formatDateTime } from "@/lib/format"

import { useOperationDetail } from "../api/get-operation-detail"
import { detailFields } from "../lib/detail-fields"

/**
 * One operation's detail, opened from its row (click or Enter; Escape closes and focus returns to
 * the row). The request's texts show only when the company kept them; otherwise a line says they
 * are not kept and, to owners, where to turn keeping on.
 */
export function OperationDetailDialog({
  id,
  onClose,
  returnFocusTo,
}: {
  id: string | null
  onClose: () => void
  /** The row that opened it: a row is no dialog trigger, so Radix cannot know where to return. */
  returnFocusTo: RefObject<HTMLElement | null>
}) {
  const detail = useOperationDetail(id)
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-h-[90vh] overflow-y-auto"
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo.current?.isConnected) return
          event.preventDefault()
          returnFocusTo.current.focus()
        }}
      >
        <DialogHeader>
          <DialogTitle>Operation details</DialogTitle>
          <DialogDescription>Everything recorded about this operation.</DialogDescription>
        </DialogHeader>
        {detail.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading operation...
          </p>
        ) : detail.isError ? (
          <ErrorState
            title="The operation could not be loaded."
            error={detail.error}
            onRetry={() => void detail.refetch()}
            retrying={detail.isFetching}
          />
        ) : (
          <DetailBody operation={detail.data} />
        )}
      </DialogContent>
    </Dialog>
  )
}

function DetailBody({ operation }: { operation: OperationDetail }) {
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
        {detailFields(operation).map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <TextsSection operation={operation} />
    </div>
  )
}

function TextsSection({ operation }: { operation: OperationDetail }) {
  const company = useCompany()
  if (!operation.texts) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="texts-not-kept">
        The texts of this request were not kept.{" "}
        {company.role === "owner" ? (
          <>
            To keep the texts of new requests for 30 days, turn on &lsquo;Keep request texts for 30
            days&rsquo; in{" "}
            <Link to="/settings" className="font-medium text-foreground underline">
              Settings
            </Link>
            .
          </>
        ) : (
          "An owner of your company can choose to keep them for 30 days in Settings."
        )}
      </p>
    )
  }
  return (
    <section aria-labelledby="operation-texts" className="grid gap-3">
      <h3 id="operation-texts" className="text-sm font-semibold">
        Texts
      </h3>
      {operation.texts.map((pair, i) => (
        <div key={i} className="grid gap-2 rounded-md border p-3 text-sm">
          <div>
            <p className="text-muted-foreground">Request</p>
            <p className="break-words whitespace-pre-wrap">{pair.request}</p>
          </div>
          <div>
            <p className="text-muted-foreground">Result</p>
            <p className="break-words whitespace-pre-wrap">{pair.result}</p>
          </div>
        </div>
      ))}
      <p className="text-xs text-muted-foreground">
        Kept until {formatDateTime(operation.texts_expire_at)}, then deleted.
      </p>
    </section>
  )
}
