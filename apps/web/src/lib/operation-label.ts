const IDENTIFIER = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/

/**
 * The human name of an operation's action. The product API records "Culturalize text" while the
 * design-tool plugins record identifiers such as `translate_layers`; both read as a sentence-case
 * phrase ("Translate layers") wherever operations are listed. Anything that is not a snake_case
 * identifier is already a label and is shown as stored.
 */
export function operationLabel(action: string): string {
  const value = action.trim()
  if (!IDENTIFIER.test(value)) return value
  const words = value.replace(/_/g, " ")
  return words.charAt(0).toUpperCase() + words.slice(1)
}
