export const connectKeys = {
  interaction: (uid: string) => ["connect", "interaction", uid] as const,
}
