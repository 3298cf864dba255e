import { z } from "zod"

import { CODE_FORMAT_MESSAGE, isSixDigitCode } from "./mfa"

/*
 * Apart from ./mfa.ts on purpose: the auth provider imports that module, and through it zod
 * would land in /auth's first load (see features/auth/components/sign-in-form.tsx).
 */

/** The forms that ask for an authenticator app's code: digits only, exactly six. */
export const codeFormSchema = z.object({
  code: z.string().refine(isSixDigitCode, CODE_FORMAT_MESSAGE),
})
export type CodeFormValues = z.infer<typeof codeFormSchema>
