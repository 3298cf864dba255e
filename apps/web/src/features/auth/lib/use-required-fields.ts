import * as React from "react"

/** A required field's message, and whether surrounding spaces are dropped (so "  " is empty). */
export type RequiredField = { message: string; trim?: boolean }

type Values<K extends string> = Record<K, string>

/**
 * A small form of required text fields, behaving as react-hook-form does with its defaults:
 * nothing is checked until the first submit, then every change re-checks; a failed submit moves
 * focus to the first field in error.
 */
export function useRequiredFields<K extends string>(fields: Record<K, RequiredField>) {
  const names = Object.keys(fields) as K[]
  const [values, setValues] = React.useState(
    () => Object.fromEntries(names.map((name) => [name, ""])) as Values<K>,
  )
  const [submitted, setSubmitted] = React.useState(false)
  const inputs = React.useRef(new Map<K, HTMLInputElement>())

  const clean = (name: K) => (fields[name].trim ? values[name].trim() : values[name])
  const errorOf = (name: K) => (clean(name) ? undefined : fields[name].message)

  /** Checks every field: the cleaned values when all are filled, else null (focus on the first). */
  const validate = (): Values<K> | null => {
    setSubmitted(true)
    const first = names.find(errorOf)
    if (first !== undefined) {
      inputs.current.get(first)?.focus()
      return null
    }
    return Object.fromEntries(names.map((name) => [name, clean(name)])) as Values<K>
  }

  /** The props FormField takes for `name`: value, change handler, ref and its error. */
  const field = (name: K) => ({
    name,
    value: values[name],
    error: submitted ? errorOf(name) : undefined,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value
      setValues((current) => ({ ...current, [name]: value }))
    },
    ref: (input: HTMLInputElement | null) => {
      if (input) inputs.current.set(name, input)
      else inputs.current.delete(name)
    },
  })

  return { validate, field }
}
