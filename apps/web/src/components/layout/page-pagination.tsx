import {
  Pagination,
  PaginationButton,
  PaginationContent,
  PaginationItem,
  PaginationNext,
  PaginationPrevious,
} from "@/components/ui/pagination"

import { pageWindow } from "@/lib/pagination"

/** Previous, up to 5 numbered pages in a sliding window, Next, and 'Page i of n'. */
export function PagePagination({
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
