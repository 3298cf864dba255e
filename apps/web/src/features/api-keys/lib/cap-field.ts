import { API_KEY_CAP_MAX } from "@nativ/contracts"
import { z } from "zod"

import { formatCredits } from "@/lib/format"

export const CAP_MESSAGE = `Enter a whole number of credits from 1 to ${formatCredits(API_KEY_CAP_MAX)}, or leave it empty for no cap`

/** The cap as typed: empty for no cap (null), else a whole number of credits within the limit. */
export const capFieldSchema = z
  .string()
  .trim()
  .refine((text) => text === "" || /^\d+$/.test(text.replaceAll(",", "")), CAP_MESSAGE)
  .transform((text) => (text === "" ? null : Number(text.replaceAll(",", ""))))
  .refine((cap) => cap === null || (cap >= 1 && cap <= API_KEY_CAP_MAX), CAP_MESSAGE)

/** A stored cap as the field shows it. */
export const capText = (cap: number | null) => (cap === null ? "" : String(cap))
