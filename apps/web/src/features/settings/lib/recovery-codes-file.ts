/** The .txt a person downloads: the codes, one per line, with what they are for. */
export function recoveryCodesText(codes: string[], email: string | undefined, date: Date) {
  return [
    "Nativ two-factor recovery codes",
    ...(email ? [`Account: ${email}`] : []),
    `Created: ${date.toISOString().slice(0, 10)}`,
    "",
    "Each code works once, instead of a code from your authenticator app.",
    "Creating new codes makes these stop working.",
    "",
    ...codes,
    "",
  ].join("\n")
}

export const RECOVERY_CODES_FILE_NAME = "nativ-recovery-codes.txt"
