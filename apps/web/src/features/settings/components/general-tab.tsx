import type { UseQueryResult } from "@tanstack/react-query"

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"
import { Input } from "@/components/ui/input"
import { Label } from "@/components/ui/label"
import { ROLE_LABELS, useCompany } from "@/hooks/use-company"
import { useAuth } from "@/lib/auth/auth-provider"

import { useAccountEmail } from "../api/get-account"
import { KeepRequestTextsCard } from "./keep-request-texts-card"

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

function shown(
  query: UseQueryResult<string>,
  format: (value: string) => string = (v) => v,
  waiting = false,
) {
  if (query.isSuccess && query.data) return format(query.data)
  if (query.isLoading || waiting) return "Loading..."
  return "Not Available"
}

/**
 * General: the company name, the email and the role in the company, read-only; and whether request
 * texts are kept.
 */
export function GeneralTab() {
  const { user } = useAuth()
  const company = useCompany()
  const companyName = company.name
  const email = useAccountEmail(user?.email)
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>General</CardTitle>
          <CardDescription>Your account details. Contact support to change them.</CardDescription>
        </CardHeader>
        <CardContent className="grid max-w-xl gap-4">
          <div className="grid gap-2">
            <Label htmlFor="settings-company">Company Name</Label>
            <Input
              id="settings-company"
              readOnly
              value={shown(companyName, capitalize, company.pending)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="settings-email">Email</Label>
            <Input id="settings-email" readOnly value={shown(email)} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="settings-role">Role</Label>
            <Input
              id="settings-role"
              readOnly
              value={
                company.role
                  ? ROLE_LABELS[company.role]
                  : company.pending
                    ? "Loading..."
                    : "Not Available"
              }
            />
          </div>
        </CardContent>
      </Card>
      <KeepRequestTextsCard />
    </div>
  )
}
