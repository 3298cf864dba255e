import { z } from "zod"

/**
 * A whole number sent in a query string (`limit`, `offset`), from `min` to `max`, with messages
 * that name the parameter.
 */
export const wholeNumberParam = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} can be at most ${max.toLocaleString("en-US")}`)
