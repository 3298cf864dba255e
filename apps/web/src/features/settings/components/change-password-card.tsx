import { zodResolver } from "@hookform/resolvers/zod"
import { useForm } from "react-hook-form"
import { toast } from "sonner"
import { z } from "zod"

import { Button } from "@/components/ui/button"
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@/components/ui/card"
import { FormField } from "@/components/ui/form-field"
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password-rules"

import { useChangePassword } from "../api/change-password"

/** The set-password rules (docs/product.md#rules), said beside the fields, plus the current password. */
const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Current password is required"),
    password: z
      .string()
      .min(
        MIN_PASSWORD_LENGTH,
        `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
      ),
    confirmation: z.string(),
  })
  .refine((values) => values.password === values.confirmation, {
    path: ["confirmation"],
    message: "Passwords do not match. Please try again.",
  })
type ChangePasswordValues = z.infer<typeof changePasswordSchema>
const empty: ChangePasswordValues = { currentPassword: "", password: "", confirmation: "" }

/** Security → Change password: the current one, then the new one twice. */
export function ChangePasswordCard() {
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: empty,
  })
  const change = useChangePassword({
    onSuccess: () => {
      form.reset(empty)
      toast.success("Password changed", {
        description: "Use your new password the next time you sign in.",
      })
    },
  })
  const { errors } = form.formState
  const onSubmit = form.handleSubmit(({ currentPassword, password }) =>
    change.mutate({ currentPassword, password }),
  )

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
        <CardDescription>You need your current password to choose a new one.</CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate className="grid gap-6">
        <CardContent className="grid max-w-xl gap-4">
          <FormField
            label="Current Password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register("currentPassword")}
          />
          <FormField
            label="New Password"
            type="password"
            autoComplete="new-password"
            minLength={MIN_PASSWORD_LENGTH}
            error={errors.password?.message}
            {...form.register("password")}
          />
          <FormField
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            minLength={MIN_PASSWORD_LENGTH}
            error={errors.confirmation?.message}
            {...form.register("confirmation")}
          />
        </CardContent>
        <CardFooter>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? "Changing..." : "Change Password"}
          </Button>
        </CardFooter>
      </form>
    </Card>
  )
}
