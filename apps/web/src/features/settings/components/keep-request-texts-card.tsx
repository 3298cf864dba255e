import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"
import { ErrorState } from "@/components/ui/error-state"
import { Label } from "@/components/ui/label"
import { Switch } from "@/components/ui/switch"
import { useCompany } from "@/hooks/use-company"

import { useRequestTextsSetting, useSaveRequestTextsSetting } from "../api/request-texts"

/**
 * Keep request texts for 30 days: off by default, so what customers send is not stored unless an
 * owner decides it should be (to look into a result from Operations). Others see the choice
 * read-only and who can change it.
 */
export function KeepRequestTextsCard() {
  const company = useCompany()
  const setting = useRequestTextsSetting()
  const save = useSaveRequestTextsSetting()
  const isOwner = company.role === "owner"
  return (
    <Card>
      <CardHeader>
        <CardTitle>Request texts</CardTitle>
        <CardDescription>
          When on, the texts sent and returned by new text requests are kept with their operation,
          so you can read them in Operations, and deleted after 30 days. When off, only the
          operation&apos;s details are recorded.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid max-w-xl gap-3">
        {setting.isError ? (
          <ErrorState
            title="The setting could not be loaded."
            error={setting.error}
            onRetry={() => void setting.refetch()}
            retrying={setting.isFetching}
          />
        ) : (
          <div className="flex items-center justify-between gap-4">
            <Label htmlFor="keep-request-texts">Keep request texts for 30 days</Label>
            <Switch
              id="keep-request-texts"
              checked={setting.data?.enabled ?? false}
              disabled={!isOwner || setting.isPending || save.isPending}
              onCheckedChange={(enabled) => save.mutate(enabled)}
            />
          </div>
        )}
        {!isOwner && (
          <p className="text-sm text-muted-foreground">Only owners can change this setting.</p>
        )}
      </CardContent>
    </Card>
  )
}
