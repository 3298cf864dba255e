import { cn } from "@/lib/utils"

/** The Nativ mark, optionally with the word beside it. */
export function Logo({ className, withName = true }: { className?: string; withName?: boolean }) {
  return (
    <span className={cn("inline-flex items-center gap-2 font-semibold", className)}>
      <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path
          d="M9 23V9h2.6l7.8 9.6V9H22v14h-2.6l-7.8-9.6V23z"
          className="fill-primary-foreground"
        />
      </svg>
      {withName && <span className="text-lg tracking-tight">Nativ</span>}
    </span>
  )
}
