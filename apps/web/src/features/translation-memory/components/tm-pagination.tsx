import {
  Pagination,
  PaginationButton,
  PaginationContent,
  PaginationItem,
  PaginationNext,
  PaginationPrevious,
} from "@/components/ui/pagination"

/** Numbered page buttons shown at most, as on the Operations page. */
const WINDOW = 5

/** Up to WINDOW consecutive pages around `page`, sliding against the first and last. */
export function pageWindow(page: number, totalPages: number) {
  const count = Math.min(WINDOW, totalPages)
  const start = Math.min(Math.max(1, page - Math.floor(count / 2)), totalPages - count + 1)
  return Array.from({ length: count }, (_, i) => start + i)
}

/** Previous, the numbered window, Next, and 'Page i of n'. */
export function TmPagination({
  page,
  totalPages,
  onPageChange,
}: {
  page: number
  totalPages: number
  onPageChange: (page: number) => void
}) {
  return (
    <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {`Page ${page} of ${totalPages}`}
      </p>
      <Pagination className="w-auto sm:justify-end">
        <PaginationContent>
          <PaginationItem>
            <PaginationPrevious disabled={page <= 1} onClick={() => onPageChange(page - 1)} />
          </PaginationItem>
          {pageWindow(page, totalPages).map((number) => (
            <PaginationItem key={number}>
              <PaginationButton
                isActive={number === page}
                aria-label={`Page ${number}`}
                onClick={() => onPageChange(number)}
              >
                {number}
              </PaginationButton>
            </PaginationItem>
          ))}
          <PaginationItem>
            <PaginationNext disabled={page >= totalPages} onClick={() => onPageChange(page + 1)} />
          </PaginationItem>
        </PaginationContent>
      </Pagination>
    </div>
  )
}
