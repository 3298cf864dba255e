import { Outlet } from "react-router"

import { AppSidebar } from "@/components/layout/app-sidebar"
import { SiteHeader } from "@/components/layout/site-header"
import { SidebarInset, SidebarProvider } from "@/components/ui/sidebar"
import { useRuntimeConfig } from "@/config/runtime-config"
import { ROLE_LABELS, useCompany } from "@/hooks/use-company"
import { LogoutButton } from "@/features/auth/components/logout-button"
import { RequireSession } from "@/features/auth/components/require-session"
import { useBalance } from "@/lib/auth/balance"

/** The protected shell around every signed-in page: sidebar, header and the page. */
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
      <AppSidebar apiDocsUrl={apiDocsUrl} footer={<LogoutButton />} />
      <SidebarInset>
        <Header />
        <main className="flex-1 p-4 sm:p-6 lg:p-8 print:p-0">
          <Outlet />
        </main>
      </SidebarInset>
    </SidebarProvider>
  )
}

/** The header follows the balance and the company, so their answers re-render it alone. */
function Header() {
  const balance = useBalance()
  const company = useCompany()
  const headerCompany = company.role && {
    name: company.name.data || "Your company",
    role: ROLE_LABELS[company.role],
  }
  return (
    <SiteHeader
      credits={balance}
      company={headerCompany || undefined}
      canBuyCredits={!company.role || company.can("buyCredits")}
    />
  )
}
