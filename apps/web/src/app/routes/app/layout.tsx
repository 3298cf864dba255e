import { useQueryClient } from "@tanstack/react-query"
import * as React from "react"
import { Outlet } from "react-router"

import { AppSidebar } from "@/components/layout/app-sidebar"
import { type HeaderCompany, SiteHeader } from "@/components/layout/site-header"
import { SidebarInset, SidebarProvider } from "@/components/ui/sidebar"
import { useRuntimeConfig } from "@/config/runtime-config"
import { ROLE_LABELS, useCompany } from "@/hooks/use-company"
import { useMembership } from "@/hooks/use-end-user"
import { LogoutButton } from "@/features/auth/components/logout-button"
import { RequireSession } from "@/features/auth/components/require-session"
import { useBalance } from "@/lib/auth/balance"
import { endSession } from "@/lib/auth/session-end"

/**
 * The protected shell around every signed-in page: a "Skip to content" link (the first stop for
 * Tab), sidebar, header and the page.
 */
export function Component() {
  return (
    <RequireSession>
      <Shell />
    </RequireSession>
  )
}

function Shell() {
  const { apiDocsUrl } = useRuntimeConfig()
  return (
    <SidebarProvider>
      <a
        href="#content"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 text-sm font-medium shadow-md ring-2 ring-ring focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <LeaveIfRemoved />
      <Sidebar apiDocsUrl={apiDocsUrl} />
      <SidebarInset>
        <Header />
        <main
          id="content"
          tabIndex={-1}
          className="flex-1 p-4 outline-none sm:p-6 lg:p-8 print:p-0"
        >
          <Outlet />
        </main>
      </SidebarInset>
    </SidebarProvider>
  )
}

/** The company and the person's role once the role is known (header; sidebar on phones). */
function useHeaderCompany(): HeaderCompany | undefined {
  const company = useCompany()
  if (!company.role) return undefined
  return { name: company.name.data || "Your company", role: ROLE_LABELS[company.role] }
}

/** The sidebar names the company on phones; its answer re-renders the sidebar, not the shell. */
function Sidebar({ apiDocsUrl }: { apiDocsUrl: string }) {
  const company = useHeaderCompany()
  return <AppSidebar apiDocsUrl={apiDocsUrl} footer={<LogoutButton />} company={company} />
}

/** The header follows the balance and the company, so their answers re-render it alone. */
function Header() {
  const balance = useBalance()
  const company = useCompany()
  const headerCompany = useHeaderCompany()
  return (
    <SiteHeader
      credits={balance}
      company={headerCompany}
      // Shown while the role is read (it rarely changes), never to someone without one.
      canBuyCredits={company.role ? company.can("buyCredits") : company.pending}
    />
  )
}

/**
 * A session whose email no company lists any more (the person was removed): this tab signs out
 * and /auth says why, rather than showing a shell where every list is empty.
 */
function LeaveIfRemoved() {
  const queryClient = useQueryClient()
  const { membership } = useMembership()
  React.useEffect(() => {
    if (membership === null) void endSession(queryClient, "removed")
  }, [membership, queryClient])
  return null
}
