import { hash, verify } from "@node-rs/argon2"

import { AuthError } from "./errors"

export const MIN_PASSWORD_LENGTH = 6
/** argon2 accepts any length; a cap keeps one request from costing seconds of hashing. */
const MAX_PASSWORD_LENGTH = 256

// argon2id (the package's default algorithm; its const enum cannot be imported under
// verbatimModuleSyntax) with OWASP's recommended parameters, 19 MiB and 2 passes: ~23 ms a hash.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 }

/** Throws the weak_password (422) error auth-js turns into AuthWeakPasswordError. */
export function assertStrongPassword(password: string) {
  if ([...password].length < MIN_PASSWORD_LENGTH)
    throw new AuthError(
      422,
      "weak_password",
      `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
      { body: { weak_password: { reasons: ["length"] } } },
    )
  if (password.length > MAX_PASSWORD_LENGTH)
    throw new AuthError(
      400,
      "validation_failed",
      `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`,
    )
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, options)
}

// A real hash of a random string: checking a password against it costs what a real check costs,
// so unknown emails cannot be told apart by timing.
let dummyHash: Promise<string> | undefined

/** Checks a password against a stored hash; with no hash (unknown user) it still spends the time. */
export async function checkPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hash(crypto.randomUUID(), options)
    await verify(await dummyHash, password).catch(() => false)
    return false
  }
  if (password.length > MAX_PASSWORD_LENGTH) return false
  return verify(stored, password).catch(() => false)
}
