import { BlocksIcon } from "lucide-react"

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"
import { useCompany } from "@/hooks/use-company"
import { useAuth } from "@/lib/auth/auth-provider"

import { useConnectedApps } from "../api/connected-apps"
import { ConnectedAppsRow } from "./connected-apps-row"
import { LoadFailed, Loading } from "./style-states"

/**
 * Settings → Connected apps: the apps acting for the company through Connect (AI assistants, the
 * CLI, the design-tool plugins). Owners and admins see and disconnect everyone's; members their own.
 */
export function ConnectedAppsTab() {
  const apps = useConnectedApps()
  const company = useCompany()
  const myEmail = useAuth().user?.email
  const companyName = company.name.data || "your company"
  const seesAll = company.can("seeAllConnectedApps")
  return (
    <Card>
      <CardHeader>
        <CardTitle>Connected apps</CardTitle>
        <CardDescription>
          Apps that act for {companyName} after a person approved them.{" "}
          {company.role &&
            (seesAll
              ? "As an owner or admin you see everyone's apps and can disconnect any of them."
              : "You see the apps you approved; owners and admins see everyone's.")}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-6">
        {apps.isPending ? (
          <Loading>Loading connected apps...</Loading>
        ) : apps.isError ? (
          <LoadFailed
            what="The connected apps"
            error={apps.error}
            onRetry={() => void apps.refetch()}
          />
        ) : !apps.data.length ? (
          <div className="grid justify-items-center gap-2 py-8 text-center">
            <BlocksIcon className="mb-2 size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">No connected apps</p>
            <p className="max-w-prose text-sm text-muted-foreground">
              AI assistants, the Nativ CLI and the Figma and Photoshop plugins appear here once{" "}
              {seesAll ? "you or a colleague approves" : "you approve"} them. They connect by asking
              you to sign in through Nativ.
            </p>
          </div>
        ) : (
          <ul aria-label="Connected apps" className="min-w-0 divide-y rounded-md border">
            {apps.data.map((app) => (
              <ConnectedAppsRow key={app.id} app={app} myEmail={myEmail} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
