/** Query keys of the company's style: every change reads all three again. */
export const styleKeys = {
  all: ["style"] as const,
  guides: () => [...styleKeys.all, "guides"] as const,
  brandVoice: () => [...styleKeys.all, "brand-voice"] as const,
  combined: () => [...styleKeys.all, "combined"] as const,
}
