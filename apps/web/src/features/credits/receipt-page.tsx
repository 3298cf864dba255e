import { ArrowLeftIcon, DownloadIcon, PrinterIcon } from "lucide-react"
import { Link, useParams } from "react-router"

import { PageHeader } from "@/components/layout/page-header"
import { Button } from "@/components/ui/button"
import { paths } from "@/config/paths"
import { ApiError } from "@/lib/api-client"

import { useDownloadReceiptPdf } from "./api/download-receipt-pdf"
import { useReceipt } from "./api/get-receipt"
import { ReceiptDocument } from "./components/receipt-document"

/**
 * A purchase's receipt (docs/product.md#buy-credits): the page prints as the receipt alone (the
 * shell's sidebar and header are hidden in print) and downloads the server's PDF.
 */
export function ReceiptPage() {
  const { id = "" } = useParams()
  const receipt = useReceipt(id)
  const download = useDownloadReceiptPdf()

  return (
    <div className="mx-auto max-w-3xl">
      <div className="print:hidden">
        <Button asChild variant="ghost" size="sm" className="mb-4 -ml-2">
          <Link to={paths.credits}>
            <ArrowLeftIcon aria-hidden="true" />
            Back to Buy Credits
          </Link>
        </Button>
        <PageHeader title="Receipt" />
      </div>
      {receipt.isPending ? (
        <p role="status" className="py-10 text-center text-sm text-muted-foreground">
          Loading receipt...
        </p>
      ) : receipt.isError ? (
        <p role="alert" className="py-10 text-center text-sm text-destructive">
          {receipt.error instanceof ApiError
            ? receipt.error.message
            : "Could not load this receipt. Please try again."}
        </p>
      ) : (
        <div className="space-y-4">
          <div className="flex flex-wrap gap-2 print:hidden">
            <Button type="button" variant="outline" onClick={() => window.print()}>
              <PrinterIcon aria-hidden="true" />
              Print
            </Button>
            <Button
              type="button"
              disabled={download.isPending}
              onClick={() => download.mutate(receipt.data)}
            >
              <DownloadIcon aria-hidden="true" />
              {download.isPending ? "Downloading..." : "Download PDF"}
            </Button>
          </div>
          <ReceiptDocument receipt={receipt.data} />
        </div>
      )}
    </div>
  )
}
