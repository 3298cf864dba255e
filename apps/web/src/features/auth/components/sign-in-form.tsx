import { zodResolver } from "@hookform/resolvers/zod"
import { useForm } from "react-hook-form"
import { Link, useNavigate } from "react-router"
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

import { useSignIn } from "../api/sign-in"

const signInSchema = z.object({
  email: z.string().trim().min(1, "Email is required"),
  password: z.string().min(1, "Password is required"),
})

type SignInValues = z.infer<typeof signInSchema>

export function SignInForm() {
  const navigate = useNavigate()
  const signIn = useSignIn({
    onSuccess: () => {
      toast.success("Success!", { description: "You have successfully signed in." })
      void navigate(paths.home, { replace: true })
    },
  })
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "" },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) => signIn.mutate(values))

  return (
    <Card>
      <CardHeader className="text-center">
        <CardTitle className="text-2xl">Admin Platform</CardTitle>
        <CardDescription>Sign in to your Nativ account</CardDescription>
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
            label="Password"
            type="password"
            autoComplete="current-password"
            placeholder="Enter your password"
            error={errors.password?.message}
            {...form.register("password")}
          />
        </CardContent>
        <CardFooter className="flex-col gap-4">
          <Button type="submit" className="w-full" disabled={signIn.isPending}>
            {signIn.isPending ? "Signing in..." : "Sign In"}
          </Button>
          <p className="text-sm text-muted-foreground">
            Don&apos;t have an account?{" "}
            <Link
              to={paths.signup}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Sign up
            </Link>
          </p>
        </CardFooter>
      </form>
    </Card>
  )
}
