import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react"
import type * as React from "react"

import { Button, buttonVariants } from "@/components/ui/button"
import { cn } from "@/lib/utils"

export function Pagination({ className, ...props }: React.ComponentProps<"nav">) {
  return (
    <nav
      aria-label="pagination"
      data-slot="pagination"
      className={cn("flex w-full justify-center", className)}
      {...props}
    />
  )
}

export function PaginationContent({ className, ...props }: React.ComponentProps<"ul">) {
  return (
    <ul
      data-slot="pagination-content"
      className={cn("flex flex-row flex-wrap items-center gap-1", className)}
      {...props}
    />
  )
}

export function PaginationItem(props: React.ComponentProps<"li">) {
  return <li data-slot="pagination-item" {...props} />
}

/** A page-number button; the current page is marked with `aria-current="page"`. */
export function PaginationButton({
  className,
  isActive = false,
  ...props
}: React.ComponentProps<"button"> & { isActive?: boolean }) {
  return (
    <button
      type="button"
      aria-current={isActive ? "page" : undefined}
      data-slot="pagination-button"
      data-active={isActive}
      className={cn(
        buttonVariants({ variant: isActive ? "outline" : "ghost", size: "icon" }),
        "min-w-9 px-2 tabular-nums",
        className,
      )}
      {...props}
    />
  )
}

export function PaginationPrevious({ className, ...props }: React.ComponentProps<"button">) {
  return (
    <Button
      type="button"
      variant="ghost"
      data-slot="pagination-previous"
      className={cn("gap-1 px-2.5", className)}
      {...props}
    >
      <ChevronLeftIcon aria-hidden="true" />
      <span>Previous</span>
    </Button>
  )
}

export function PaginationNext({ className, ...props }: React.ComponentProps<"button">) {
  return (
    <Button
      type="button"
      variant="ghost"
      data-slot="pagination-next"
      className={cn("gap-1 px-2.5", className)}
      {...props}
    >
      <span>Next</span>
      <ChevronRightIcon aria-hidden="true" />
    </Button>
  )
}
