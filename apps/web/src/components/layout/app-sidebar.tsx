import {
  BookAIcon,
  BookOpenIcon,
  ChartColumnIcon,
  FlaskConicalIcon,
  KeyRoundIcon,
  LanguagesIcon,
  LayoutDashboardIcon,
  ListChecksIcon,
  PuzzleIcon,
  SettingsIcon,
} from "lucide-react"
import type * as React from "react"
import { Link, useLocation } from "react-router"

import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from "@/components/ui/sidebar"
import { Badge } from "@/components/ui/badge"
import { paths } from "@/config/paths"

import { Logo } from "./logo"
import type { HeaderCompany } from "./site-header"

const mainNavigation = [
  { title: "Dashboard", to: paths.home, icon: LayoutDashboardIcon },
  { title: "Operations", to: paths.operations, icon: ListChecksIcon },
  { title: "Analytics", to: paths.analytics, icon: ChartColumnIcon },
  { title: "Playground", to: paths.playground, icon: FlaskConicalIcon },
  { title: "Glossaries", to: paths.glossaries, icon: BookAIcon },
  { title: "Translation Memory", to: paths.translationMemory, icon: LanguagesIcon },
  { title: "Plugins", to: paths.plugins, icon: PuzzleIcon },
  { title: "API Keys", to: paths.apiKeys, icon: KeyRoundIcon },
  { title: "Settings", to: paths.settings, icon: SettingsIcon },
]

/**
 * The sidebar of the protected shell: logo → /, Main Navigation with the active item highlighted,
 * Resources with the API docs in a new tab, and `footer` (the Log Out entry) at the bottom. On a
 * phone the header has no room for the company and role, so the slide-in panel names them.
 */
export function AppSidebar({
  apiDocsUrl,
  footer,
  company,
}: {
  apiDocsUrl: string
  footer?: React.ReactNode
  company?: HeaderCompany | undefined
}) {
  const { pathname } = useLocation()
  const { isMobile, setOpenMobile } = useSidebar()
  const closeOnMobile = () => {
    if (isMobile) setOpenMobile(false)
  }
  const isActive = (to: string) =>
    to === paths.home ? pathname === to : pathname === to || pathname.startsWith(`${to}/`)

  return (
    <Sidebar>
      <SidebarHeader className="border-b border-sidebar-border">
        <Link
          to={paths.home}
          onClick={closeOnMobile}
          aria-label="Nativ home"
          className="flex h-10 items-center rounded-md px-0.5 outline-none focus-visible:ring-2 focus-visible:ring-ring group-data-[collapsible=icon]:px-0"
        >
          <Logo className="[&>span]:group-data-[collapsible=icon]:hidden" />
        </Link>
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label="Main Navigation">
          <SidebarGroup>
            <SidebarGroupLabel>Main Navigation</SidebarGroupLabel>
            <SidebarMenu>
              {mainNavigation.map((item) => {
                const active = isActive(item.to)
                return (
                  <SidebarMenuItem key={item.to}>
                    <SidebarMenuButton asChild isActive={active} tooltip={item.title}>
                      <Link
                        to={item.to}
                        onClick={closeOnMobile}
                        aria-current={active ? "page" : undefined}
                      >
                        <item.icon />
                        <span>{item.title}</span>
                      </Link>
                    </SidebarMenuButton>
                  </SidebarMenuItem>
                )
              })}
            </SidebarMenu>
          </SidebarGroup>
        </nav>
        <SidebarGroup>
          <SidebarGroupLabel>Resources</SidebarGroupLabel>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton asChild tooltip="API Docs">
                <a href={apiDocsUrl} target="_blank" rel="noopener noreferrer">
                  <BookOpenIcon />
                  <span>API Docs</span>
                </a>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarGroup>
      </SidebarContent>
      <SidebarFooter className="border-t border-sidebar-border">
        {isMobile && company && (
          <p className="flex min-w-0 items-center gap-2 px-2 text-sm" data-testid="sidebar-company">
            <span className="truncate font-medium">{company.name}</span>
            <Badge variant="outline">{company.role}</Badge>
          </p>
        )}
        {footer}
      </SidebarFooter>
    </Sidebar>
  )
}
