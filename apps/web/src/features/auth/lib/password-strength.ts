import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password-rules"

export type PasswordStrength = "too-short" | "weak" | "fair" | "strong"

const COMMON = /^(?:password|passw0rd|qwerty|letmein|welcome|admin|nativ)\d*$|^(\d)\1+$|^123456/i

/**
 * A rough hint, not a rule: length counts most, then a mix of kinds of character; a well-known
 * password, a run of one character or a counting sequence is weak whatever its length.
 */
export function passwordStrength(password: string): PasswordStrength {
  if ([...password].length < MIN_PASSWORD_LENGTH) return "too-short"
  if (COMMON.test(password) || new Set(password).size <= 2) return "weak"
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length
  const length = [...password].length
  const score = (length >= 10 ? 1 : 0) + (length >= 14 ? 1 : 0) + (kinds >= 3 ? 1 : 0)
  if (score >= 2) return "strong"
  if (score === 1 || kinds >= 2) return "fair"
  return "weak"
}

export const STRENGTH_LABEL: Record<PasswordStrength, string> = {
  "too-short": `Too short: use at least ${MIN_PASSWORD_LENGTH} characters`,
  weak: "Weak: make it longer, or mix words, digits and symbols",
  fair: "Fair: a little longer makes it strong",
  strong: "Strong",
}
