import { zodResolver } from "@hookform/resolvers/zod"
import {
  createPaymentInputSchema,
  creditsForAmount,
  INVALID_AMOUNT_MESSAGE,
  MIN_PURCHASE_USD,
} from "@nativ/contracts"
import { useForm, useWatch } from "react-hook-form"
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
import { showError, UserFacingError } from "@/lib/errors"
import { formatCredits } from "@/lib/format"

const customAmountSchema = z.object({
  amount: z
    .string()
    .trim()
    .min(1, INVALID_AMOUNT_MESSAGE)
    .pipe(z.coerce.number<string>({ error: INVALID_AMOUNT_MESSAGE }))
    .pipe(createPaymentInputSchema.shape.amount),
})

/** Any amount of at least $1; credits are amount × 1000, rounded down. */
export function CustomAmountCard({
  busy,
  disabled,
  onPurchase,
}: {
  busy: boolean
  disabled: boolean
  onPurchase: (amount: number) => void
}) {
  const form = useForm({ resolver: zodResolver(customAmountSchema), defaultValues: { amount: "" } })
  const amount = Number(useWatch({ control: form.control, name: "amount" }))
  const preview = Number.isFinite(amount) && amount > 0 ? creditsForAmount(amount) : 0
  const error = form.formState.errors.amount?.message

  const submit = form.handleSubmit(
    ({ amount }) => onPurchase(amount),
    (errors) =>
      showError(
        "Invalid Amount",
        new UserFacingError("Invalid Amount", errors.amount?.message ?? INVALID_AMOUNT_MESSAGE),
      ),
  )

  return (
    <Card>
      <CardHeader>
        <CardTitle>Custom Amount</CardTitle>
        <CardDescription>Buy exactly the credits you need.</CardDescription>
      </CardHeader>
      <form onSubmit={submit} noValidate className="grid gap-6">
        <CardContent className="grid gap-3">
          <FormField
            label="Amount (USD)"
            type="number"
            inputMode="decimal"
            min={MIN_PURCHASE_USD}
            step={0.01}
            placeholder="Enter amount"
            error={error}
            {...form.register("amount")}
          />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            You&apos;ll get{" "}
            <span className="font-semibold text-foreground tabular-nums">
              {formatCredits(preview)}
            </span>{" "}
            credits
          </p>
        </CardContent>
        <CardFooter>
          <Button type="submit" className="w-full sm:w-auto" disabled={disabled}>
            {busy ? "Processing..." : "Purchase Custom Amount"}
          </Button>
        </CardFooter>
      </form>
    </Card>
  )
}
