import type { UseQueryResult } from "@tanstack/react-query"

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"
import { Input } from "@/components/ui/input"
import { Label } from "@/components/ui/label"
import { useAuth } from "@/lib/auth/auth-provider"

import { useAccountEmail, useCompanyName } from "../api/get-account"

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

function shown(query: UseQueryResult<string>, format: (value: string) => string = (v) => v) {
  if (query.isSuccess && query.data) return format(query.data)
  if (query.isLoading) return "Loading..."
  return "Not Available"
}

/** General: the company name and email, read-only. */
export function GeneralTab() {
  const { user } = useAuth()
  const companyName = useCompanyName(user?.id)
  const email = useAccountEmail(user?.email)
  return (
    <Card>
      <CardHeader>
        <CardTitle>General</CardTitle>
        <CardDescription>Your account details. Contact support to change them.</CardDescription>
      </CardHeader>
      <CardContent className="grid max-w-xl gap-4">
        <div className="grid gap-2">
          <Label htmlFor="settings-company">Company Name</Label>
          <Input id="settings-company" readOnly value={shown(companyName, capitalize)} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="settings-email">Email</Label>
          <Input id="settings-email" readOnly value={shown(email)} />
        </div>
      </CardContent>
    </Card>
  )
}
