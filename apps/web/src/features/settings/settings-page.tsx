import { useSearchParams } from "react-router"

import { PageHeader } from "@/components/layout/page-header"
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs"

import { AboutTab } from "./components/about-tab"
import { GeneralTab } from "./components/general-tab"
import { LanguagesTab } from "./components/languages-tab"

const tabs = ["general", "languages", "about"] as const
type Tab = (typeof tabs)[number]

const isTab = (value: string | null): value is Tab => tabs.includes(value as Tab)

/** Settings (spec section 2): General, Languages and About; the active tab lives in `?tab=`. */
export function SettingsPage() {
  const [params, setParams] = useSearchParams()
  const requested = params.get("tab")
  const tab: Tab = isTab(requested) ? requested : "general"

  const select = (next: string) =>
    setParams(next === "general" ? {} : { tab: next }, { replace: true })

  return (
    <>
      <PageHeader title="Settings" description="Configure the Nativ Admin Dashboard." />
      <Tabs value={tab} onValueChange={select}>
        <TabsList>
          <TabsTrigger value="general">General</TabsTrigger>
          <TabsTrigger value="languages">Languages</TabsTrigger>
          <TabsTrigger value="about">About</TabsTrigger>
        </TabsList>
        <TabsContent value="general">
          <GeneralTab />
        </TabsContent>
        <TabsContent value="languages">
          <LanguagesTab />
        </TabsContent>
        <TabsContent value="about">
          <AboutTab />
        </TabsContent>
      </Tabs>
    </>
  )
}
