import { CoinsIcon } from "lucide-react"
import { Link } from "react-router"

import { ThemeToggle } from "@/components/theme/theme-toggle"
import { Badge } from "@/components/ui/badge"
import { Button } from "@/components/ui/button"
import { Separator } from "@/components/ui/separator"
import { SidebarTrigger } from "@/components/ui/sidebar"
import { paths } from "@/config/paths"
import { formatCredits } from "@/lib/format"

/** Who is signed in: the company's name and the person's role in it (docs/teams.md). */
export type HeaderCompany = { name: string; role: string }

/**
 * The shell's header: sidebar toggle, the title on large screens, the company and role (once
 * known), the balance (hidden while it is null), 'Buy Credits' (for the roles that may buy) and
 * the theme toggle.
 */
export function SiteHeader({
  credits,
  company,
  canBuyCredits = true,
}: {
  credits: number | null
  company?: HeaderCompany | undefined
  canBuyCredits?: boolean
}) {
  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-1.5 border-b bg-background/95 px-2 backdrop-blur sm:gap-2 sm:px-4 print:hidden">
      <SidebarTrigger className="-ml-1" />
      <Separator orientation="vertical" className="mx-1 hidden h-5! sm:block" />
      <p className="hidden text-base font-semibold lg:block">Nativ - Admin Dashboard</p>
      <div className="ml-auto flex items-center gap-1.5 sm:gap-3">
        {company && (
          // Narrow screens keep the header for the balance and Buy Credits; the sidebar's
          // slide-in panel names the company and role there.
          <p
            className="hidden min-w-0 items-center gap-2 text-sm md:flex"
            data-testid="header-company"
          >
            <span className="max-w-48 truncate font-medium">{company.name}</span>
            <Badge variant="outline">{company.role}</Badge>
          </p>
        )}
        {credits !== null && (
          <p
            data-testid="credit-balance"
            className="flex items-center gap-1.5 rounded-md bg-muted px-2 py-1.5 text-sm whitespace-nowrap sm:px-2.5"
          >
            <CoinsIcon className="hidden size-4 text-primary sm:block" aria-hidden="true" />
            <span className="font-semibold tabular-nums">{formatCredits(credits)}</span>{" "}
            <span className="text-muted-foreground">credits</span>
          </p>
        )}
        {canBuyCredits && (
          <Button asChild size="sm" className="px-2.5 sm:px-3">
            <Link to={paths.credits}>Buy Credits</Link>
          </Button>
        )}
        <ThemeToggle />
      </div>
    </header>
  )
}
