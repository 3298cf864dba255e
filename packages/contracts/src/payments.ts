import { z } from "zod"

import { refuseUnstorable } from "./storable"

/** $1 buys 1,000 credits (docs/product.md#constants). */
export const CREDITS_PER_DOLLAR = 1000
export const MIN_PURCHASE_USD = 1
export const MAX_PURCHASE_USD = 100_000

export type CreditPackage = {
  credits: number
  price: number
  description: string
  popular: boolean
}

/** The three packages of the Buy Credits page, in display order. */
export const creditPackages: readonly CreditPackage[] = [
  { credits: 20_000, price: 20, description: "Perfect for getting started", popular: false },
  { credits: 100_000, price: 100, description: "Most popular choice", popular: true },
  { credits: 300_000, price: 300, description: "Maximum value package", popular: false },
]

/** Amount in whole cents, or null when it has fractions of a cent. */
export function amountToCents(amount: number): number | null {
  const cents = Math.round(amount * 100)
  return Math.abs(cents - amount * 100) < 1e-6 ? cents : null
}

/** Credits for a USD amount: amount × 1000, rounded down (exact for amounts in cents). */
export function creditsForAmount(amount: number): number {
  const cents = amountToCents(amount)
  if (cents !== null) return cents * (CREDITS_PER_DOLLAR / 100)
  return Math.floor(Math.round(amount * 1e6) / 1e3)
}

export const INVALID_AMOUNT_MESSAGE = "Please enter a valid amount (minimum $1)"

/** POST /functions/v1/create-payment. The server recomputes credits and refuses a mismatch. */
export const createPaymentInputSchema = z
  .object({
    credits: z.number({ error: "credits must be a number" }).int("credits must be a whole number"),
    amount: z
      .number({ error: INVALID_AMOUNT_MESSAGE })
      .refine(Number.isFinite, INVALID_AMOUNT_MESSAGE)
      .refine((a) => a >= MIN_PURCHASE_USD, INVALID_AMOUNT_MESSAGE)
      .refine(
        (a) => a <= MAX_PURCHASE_USD,
        `The amount can be at most $${MAX_PURCHASE_USD.toLocaleString("en-US")}`,
      )
      .refine(
        (a) => amountToCents(a) !== null,
        "The amount must be in whole cents (at most 2 decimal places)",
      ),
  })
  .superRefine((input, ctx) => {
    if (!Number.isFinite(input.amount) || amountToCents(input.amount) === null) return
    const expected = creditsForAmount(input.amount)
    if (input.credits !== expected)
      ctx.addIssue({
        code: "custom",
        path: ["credits"],
        message: `credits must be ${expected} for $${input.amount.toFixed(2)} ($1 = 1,000 credits)`,
      })
  })
export type CreatePaymentInput = z.infer<typeof createPaymentInputSchema>

export const createPaymentResponseSchema = z.object({ url: z.string() })
export type CreatePaymentResponse = z.infer<typeof createPaymentResponseSchema>

/** POST /functions/v1/verify-payment */
export const verifyPaymentInputSchema = z
  .object({
    session_id: z
      .string({ error: "session_id is required" })
      .trim()
      .min(1, "session_id is required")
      .max(255, "session_id is too long"),
  })
  .superRefine(refuseUnstorable)
export type VerifyPaymentInput = z.infer<typeof verifyPaymentInputSchema>

export const verifyPaymentResponseSchema = z.object({ credits_added: z.number().int() })
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponseSchema>

/** Every /functions/v1 failure: a non-2xx status with this body. */
export const functionErrorSchema = z.object({ error: z.string() })
export type FunctionError = z.infer<typeof functionErrorSchema>
