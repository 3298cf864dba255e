import { zodResolver } from "@hookform/resolvers/zod"
import * as React from "react"
import { useForm, useWatch } from "react-hook-form"
import { Link } from "react-router"
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
import { paths } from "@/config/paths"
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password-rules"

import { useSignUp } from "../api/sign-up"
import { passwordStrength, STRENGTH_LABEL } from "../lib/password-strength"
import { CheckInbox } from "./check-inbox"

const signUpSchema = z.object({
  email: z.string().trim().min(1, "Email is required"),
  companyName: z.string().trim().min(1, "Company name is required"),
  password: z
    .string()
    .min(1, "Password is required")
    .refine(
      (value) => [...value].length >= MIN_PASSWORD_LENGTH,
      `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
    ),
})

type SignUpValues = z.infer<typeof signUpSchema>
const empty: SignUpValues = { email: "", companyName: "", password: "" }

/** /signup: the spec's form; once created, the "check your inbox" state with Resend. */
export function SignUpForm() {
  const form = useForm<SignUpValues>({ resolver: zodResolver(signUpSchema), defaultValues: empty })
  const [sentTo, setSentTo] = React.useState<string | null>(null)
  const signUp = useSignUp({
    onSuccess: (_user, { email }) => {
      form.reset(empty)
      setSentTo(email)
      toast.success("Account created successfully!", {
        description: "Please check your email to verify your account before signing in.",
      })
    },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) => signUp.mutate(values))
  const password = useWatch({ control: form.control, name: "password" })
  const strength = password ? passwordStrength(password) : null

  if (sentTo) return <CheckInbox email={sentTo} onBack={() => setSentTo(null)} />
  return (
    <Card>
      <CardHeader className="text-center">
        <CardTitle className="text-2xl">Create Account</CardTitle>
        <CardDescription>Sign up for a Nativ company account</CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate className="grid gap-6">
        <CardContent className="grid gap-4">
          <FormField
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="Enter your email"
            error={errors.email?.message}
            {...form.register("email")}
          />
          <FormField
            label="Company Name"
            autoComplete="organization"
            placeholder="Enter your company name"
            error={errors.companyName?.message}
            {...form.register("companyName")}
          />
          <FormField
            label="Password"
            type="password"
            autoComplete="new-password"
            placeholder="Create a password"
            error={errors.password?.message}
            aria-describedby={errors.password ? undefined : "password-rule"}
            {...form.register("password")}
          />
          <div id="password-rule" className="-mt-2 grid gap-1 text-sm text-muted-foreground">
            <p>
              At least {MIN_PASSWORD_LENGTH} characters. A few unrelated words make a strong one.
            </p>
            {strength && (
              <p aria-live="polite" data-strength={strength}>
                Strength: {STRENGTH_LABEL[strength]}
              </p>
            )}
          </div>
        </CardContent>
        <CardFooter className="flex-col gap-4">
          <Button type="submit" className="w-full" disabled={signUp.isPending}>
            {signUp.isPending ? "Creating account..." : "Create Account"}
          </Button>
          <p className="text-sm text-muted-foreground">
            Already have an account?{" "}
            <Link
              to={paths.auth}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Sign in
            </Link>
          </p>
        </CardFooter>
      </form>
    </Card>
  )
}
