import { zodResolver } from "@hookform/resolvers/zod"
import { LOW_BALANCE_THRESHOLD_DEFAULT, LOW_BALANCE_THRESHOLD_MAX } from "@nativ/contracts"
import { Controller, useForm, useWatch } from "react-hook-form"
import { z } from "zod"

import { Button } from "@/components/ui/button"
import { Input } from "@/components/ui/input"
import { Label } from "@/components/ui/label"
import { Switch } from "@/components/ui/switch"
import { formatCredits } from "@/lib/format"

import { useSaveLowBalanceThreshold } from "../api/notifications"

const THRESHOLD_MESSAGE = `Enter a whole number of credits from 1 to ${formatCredits(LOW_BALANCE_THRESHOLD_MAX)}.`

/** Digits as people type them: "5,000" and "5 000" are 5000. */
const parseCredits = (text: string) => {
  const digits = text.replace(/[\s,]/g, "")
  return /^\d+$/.test(digits) ? Number(digits) : Number.NaN
}

const formSchema = z
  .object({ enabled: z.boolean(), threshold: z.string() })
  .superRefine(({ enabled, threshold }, ctx) => {
    const n = parseCredits(threshold)
    if (enabled && !(Number.isSafeInteger(n) && n >= 1 && n <= LOW_BALANCE_THRESHOLD_MAX))
      ctx.addIssue({ code: "custom", path: ["threshold"], message: THRESHOLD_MESSAGE })
  })
  .transform(({ enabled, threshold }) => (enabled ? parseCredits(threshold) : null))

type FormValues = z.input<typeof formSchema>

/** The alert's switch and threshold; members see them read-only. */
export function LowBalanceAlertForm({
  saved,
  canManage,
}: {
  saved: number | null
  canManage: boolean
}) {
  const save = useSaveLowBalanceThreshold()
  const form = useForm<FormValues, unknown, number | null>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      enabled: saved !== null,
      threshold: String(saved ?? LOW_BALANCE_THRESHOLD_DEFAULT),
    },
  })
  const [enabled, threshold] = useWatch({ control: form.control, name: ["enabled", "threshold"] })
  const error = form.formState.errors.threshold?.message
  const unchanged = enabled ? parseCredits(threshold) === saved : saved === null

  const submit = form.handleSubmit((next) => save.mutate(next))

  return (
    <form onSubmit={submit} noValidate className="grid max-w-md gap-4">
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor="low-balance-enabled">Email the owners when the balance runs low</Label>
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <Switch
              id="low-balance-enabled"
              checked={field.value}
              onCheckedChange={field.onChange}
              disabled={!canManage}
            />
          )}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="low-balance-threshold">Threshold (credits)</Label>
        <Input
          id="low-balance-threshold"
          inputMode="numeric"
          autoComplete="off"
          // Read-only rather than disabled while off: the typed value stays for turning it back on.
          readOnly={!canManage || !enabled}
          className={enabled ? undefined : "text-muted-foreground"}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "low-balance-threshold-error" : undefined}
          {...form.register("threshold")}
        />
        {error && (
          <p
            id="low-balance-threshold-error"
            className="text-sm text-destructive dark:text-red-400"
          >
            {error}
          </p>
        )}
      </div>
      {canManage ? (
        <div>
          <Button type="submit" disabled={unchanged || save.isPending}>
            {save.isPending ? "Saving..." : "Save"}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          Only owners and admins can change the low-balance alert.
        </p>
      )}
    </form>
  )
}
