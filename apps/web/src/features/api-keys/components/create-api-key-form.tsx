import { zodResolver } from "@hookform/resolvers/zod"
import {
  API_KEY_EXPIRY_DAYS,
  API_KEY_NAME_MAX,
  type CreatedApiKey,
  createApiKeyInputSchema,
} from "@nativ/contracts"
import { Controller, useForm } from "react-hook-form"
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
import { Label } from "@/components/ui/label"
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select"
import { showError, UserFacingError } from "@/lib/errors"

import { useCreateApiKey } from "../api/create-api-key"
import { capFieldSchema } from "../lib/cap-field"
import { CapField } from "./cap-field"

const expiryLabels: Record<(typeof API_KEY_EXPIRY_DAYS)[number], string> = {
  7: "7 days",
  30: "30 days",
  90: "90 days",
  365: "1 year",
}

const formSchema = z.object({
  name: createApiKeyInputSchema.shape.name,
  expiry: z.enum(["never", ...API_KEY_EXPIRY_DAYS.map(String)]),
  cap: capFieldSchema,
})
type FormValues = z.input<typeof formSchema>
const empty: FormValues = { name: "", expiry: "never", cap: "" }

/**
 * 'Create New API Key': a name, an expiry and an optional monthly credit cap; the new key goes to
 * the one-time banner.
 */
export function CreateApiKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const form = useForm({ resolver: zodResolver(formSchema), defaultValues: empty })
  const create = useCreateApiKey()

  const submit = form.handleSubmit(
    ({ name, expiry, cap }) =>
      create.mutate(
        {
          name,
          ...(expiry === "never"
            ? {}
            : { expiry_days: Number(expiry) as (typeof API_KEY_EXPIRY_DAYS)[number] }),
          ...(cap === null ? {} : { monthly_credit_cap: cap }),
        },
        {
          onSuccess: (key) => {
            form.reset(empty)
            onCreated(key)
            toast.success("API key created successfully", {
              description: "Copy it now: you won't be able to see it again.",
            })
          },
        },
      ),
    // A bad cap is shown beside its field; a missing name also gets the spec's toast.
    (errors) =>
      errors.name &&
      showError(
        "Name required",
        new UserFacingError("Name required", errors.name.message ?? "Please enter a name"),
      ),
  )

  return (
    <Card>
      <CardHeader>
        <CardTitle>Create New API Key</CardTitle>
        <CardDescription>
          Use API keys to call the Nativ API from your own applications.
        </CardDescription>
      </CardHeader>
      <form onSubmit={submit} noValidate className="grid gap-6">
        <CardContent className="grid gap-4 sm:grid-cols-[1fr_14rem] lg:grid-cols-[1fr_14rem_14rem]">
          <FormField
            label="Name"
            placeholder="e.g. Production server"
            maxLength={API_KEY_NAME_MAX}
            autoComplete="off"
            error={form.formState.errors.name?.message}
            {...form.register("name")}
          />
          <div className="grid content-start gap-2">
            <Label htmlFor="api-key-expiry">Expiry</Label>
            <Controller
              control={form.control}
              name="expiry"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id="api-key-expiry">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="never">Never expires</SelectItem>
                    {API_KEY_EXPIRY_DAYS.map((days) => (
                      <SelectItem key={days} value={String(days)}>
                        {expiryLabels[days]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </div>
          <CapField error={form.formState.errors.cap?.message} {...form.register("cap")} />
        </CardContent>
        <CardFooter>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? "Creating..." : "Create API Key"}
          </Button>
        </CardFooter>
      </form>
    </Card>
  )
}
