import { functionErrorSchema } from "@nativ/contracts"
import type { z } from "zod"

import { supabase } from "@/lib/supabase"

/**
 * Calls a backend function and validates its answer. A failure carries the function's own
 * message (`{error: message}` in the response body) when it sent one.
 */
export async function invokeFunction<T>(name: string, body: unknown, schema: z.ZodType<T>) {
  const { data, error } = await supabase().functions.invoke(name, { body: body as object })
  if (error) throw new Error(await functionMessage(error))
  return schema.parse(data)
}

async function functionMessage(error: { message: string; context?: unknown }): Promise<string> {
  const context = error.context
  if (context instanceof Response) {
    try {
      const parsed = functionErrorSchema.safeParse(await context.clone().json())
      if (parsed.success && parsed.data.error) return parsed.data.error
    } catch {
      // Not JSON: fall back to the client's own message.
    }
  }
  return error.message
}
