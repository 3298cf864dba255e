import { ROLE_LABELS, useCompany } from "@/hooks/use-company"
import { useAuth } from "@/lib/auth/auth-provider"

/**
 * On /set-password: whose account this is and which company it joins, so a person knows what
 * the invitation was before choosing a password. Parts not known yet are left out.
 */
export function InvitationSummary() {
  const { user } = useAuth()
  const company = useCompany()
  const name = company.name.data
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md bg-muted px-3 py-2 text-sm">
      <dt className="text-muted-foreground">Email</dt>
      <dd className="min-w-0 font-medium break-all">{user?.email ?? "—"}</dd>
      {name && (
        <>
          <dt className="text-muted-foreground">Company</dt>
          <dd className="min-w-0 font-medium break-words">
            {name}
            {company.role && ` (${ROLE_LABELS[company.role]})`}
          </dd>
        </>
      )}
    </dl>
  )
}
