import { zodResolver } from "@hookform/resolvers/zod"
import { inviteMemberInputSchema, type MemberRole } from "@nativ/contracts"
import { Controller, useForm } from "react-hook-form"
import type { z } from "zod"

import { Button } from "@/components/ui/button"
import { FormField } from "@/components/ui/form-field"
import { Label } from "@/components/ui/label"
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select"
import { ROLE_LABELS } from "@/hooks/use-company"

import { useInviteMember } from "../api/members"

type FormValues = z.input<typeof inviteMemberInputSchema>
const empty: FormValues = { email: "", role: "member" }

/** 'Send invitation': an email and a role; owners may also invite owners. */
export function InviteMemberForm({ roles }: { roles: MemberRole[] }) {
  const form = useForm({ resolver: zodResolver(inviteMemberInputSchema), defaultValues: empty })
  const invite = useInviteMember()
  const submit = form.handleSubmit((values) =>
    invite.mutate(values, { onSuccess: () => form.reset(empty) }),
  )
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 rounded-lg border p-4">
      <h3 className="font-semibold">Invite member</h3>
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <FormField
          label="Email"
          type="email"
          placeholder="colleague@company.com"
          autoComplete="off"
          error={form.formState.errors.email?.message}
          {...form.register("email")}
        />
        <div className="grid gap-2">
          <Label htmlFor="invite-role">Role</Label>
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id="invite-role" className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {roles.map((role) => (
                    <SelectItem key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </div>
      </div>
      <Button type="submit" disabled={invite.isPending} className="justify-self-start">
        {invite.isPending ? "Sending..." : "Send invitation"}
      </Button>
    </form>
  )
}
