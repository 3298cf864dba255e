const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 })

/** A credit balance with thousands separators: 1234567 → "1,234,567". */
export function formatCredits(credits: number) {
  return integer.format(credits)
}
