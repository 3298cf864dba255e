import { type TmEntryCreate, tmEntryCreateSchema } from "@nativ/contracts"

/** What POST /master-tm/entries is sent: the documented fields of a validated entry. */
export type NewTmEntry = Pick<
  TmEntryCreate,
  | "source_text"
  | "target_text"
  | "source_language_code"
  | "target_language_code"
  | "information_source"
  | "source_name"
>

export function toNewEntry(entry: TmEntryCreate): NewTmEntry {
  const { source_text, target_text, source_language_code, target_language_code } = entry
  const { information_source, source_name } = entry
  return {
    source_text,
    target_text,
    source_language_code,
    target_language_code,
    information_source,
    source_name,
  }
}

/**
 * The contract's messages name the API's fields ("target_text cannot be empty"); on screen each
 * field goes by the name the person sees there, e.g. "Translation cannot be empty".
 */
export function renameFields(message: string, names: Partial<Record<string, string>>) {
  return message.replace(/\b[a-z]+(?:_[a-z]+)+\b/g, (field) => names[field] ?? field)
}

/** Checks one entry against the contract: the entry to send, or the first problem in `names`. */
export function checkNewEntry(
  input: unknown,
  names: Partial<Record<string, string>>,
): { entry: NewTmEntry } | { error: string } {
  const result = tmEntryCreateSchema.safeParse(input)
  if (result.success) return { entry: toNewEntry(result.data) }
  return { error: renameFields(result.error.issues[0]?.message ?? "Invalid entry", names) }
}
