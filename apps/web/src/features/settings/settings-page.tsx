import { useSearchParams } from "react-router"

import { PageHeader } from "@/components/layout/page-header"
import { Tabs, TabsContent, TabsTrigger } from "@/components/ui/tabs"
import { useCompany } from "@/hooks/use-company"

import { AboutTab } from "./components/about-tab"
import { ActivityTab } from "./components/activity-tab"
import { ConnectedAppsTab } from "./components/connected-apps-tab"
import { GeneralTab } from "./components/general-tab"
import { LanguagesTab } from "./components/languages-tab"
import { MembersTab } from "./components/members-tab"
import { NotificationsTab } from "./components/notifications-tab"
import { SecurityTab } from "./components/security-tab"
import { SettingsTabStrip } from "./components/settings-tab-strip"
import { StyleTab } from "./components/style-tab"
import { WebhooksTab } from "./components/webhooks-tab"

const tabs = [
  "general",
  "security",
  "members",
  "activity",
  "notifications",
  "style",
  "languages",
  "connected-apps",
  "webhooks",
  "about",
] as const
type Tab = (typeof tabs)[number]

const isTab = (value: string | null): value is Tab => tabs.includes(value as Tab)

/**
 * Settings (docs/product.md#settings): General, Security, Members, Activity (owners and admins;
 * docs/teams.md), Notifications, Style, Languages, Connected apps, Webhooks (owners and admins)
 * and About; the active tab lives in `?tab=`.
 */
export function SettingsPage() {
  const [params, setParams] = useSearchParams()
  const company = useCompany()
  const canReadActivity = company.can("readAuditLog")
  const canManageWebhooks = company.can("manageWebhooks")
  const requested = params.get("tab")
  const hidden = (candidate: Tab) =>
    (candidate === "activity" && !canReadActivity) ||
    (candidate === "webhooks" && !canManageWebhooks)
  const tab: Tab = isTab(requested) && !hidden(requested) ? requested : "general"

  const select = (next: string) =>
    setParams(next === "general" ? {} : { tab: next }, { replace: true })

  return (
    <>
      <PageHeader title="Settings" description="Configure the Nativ Admin Dashboard." />
      <Tabs value={tab} onValueChange={select}>
        <SettingsTabStrip active={tab}>
          <TabsTrigger value="general">General</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
          <TabsTrigger value="members">Members</TabsTrigger>
          {canReadActivity && <TabsTrigger value="activity">Activity</TabsTrigger>}
          <TabsTrigger value="notifications">Notifications</TabsTrigger>
          <TabsTrigger value="style">Style</TabsTrigger>
          <TabsTrigger value="languages">Languages</TabsTrigger>
          <TabsTrigger value="connected-apps">Connected apps</TabsTrigger>
          {canManageWebhooks && <TabsTrigger value="webhooks">Webhooks</TabsTrigger>}
          <TabsTrigger value="about">About</TabsTrigger>
        </SettingsTabStrip>
        <TabsContent value="general">
          <GeneralTab />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab />
        </TabsContent>
        <TabsContent value="members">
          <MembersTab />
        </TabsContent>
        {canReadActivity && (
          <TabsContent value="activity">
            <ActivityTab />
          </TabsContent>
        )}
        <TabsContent value="notifications">
          <NotificationsTab />
        </TabsContent>
        <TabsContent value="style">
          <StyleTab />
        </TabsContent>
        <TabsContent value="languages">
          <LanguagesTab />
        </TabsContent>
        <TabsContent value="connected-apps">
          <ConnectedAppsTab />
        </TabsContent>
        {canManageWebhooks && (
          <TabsContent value="webhooks">
            <WebhooksTab />
          </TabsContent>
        )}
        <TabsContent value="about">
          <AboutTab />
        </TabsContent>
      </Tabs>
    </>
  )
}
