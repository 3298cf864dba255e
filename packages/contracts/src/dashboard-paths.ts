/**
 * Every route of the dashboard, in one place: the dashboard's links and router use it, and the
 * server answers any other path with 404 (the app's not-found page, or JSON for API clients).
 */
export const dashboardPaths = {
  home: "/",
  auth: "/auth",
  signup: "/signup",
  emailConfirmed: "/email-confirmed",
  setPassword: "/set-password",
  declineInvitation: "/decline-invitation",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  mfa: "/mfa",
  connect: "/connect",
  activate: "/activate",
  operations: "/operations",
  analytics: "/analytics",
  playground: "/playground",
  glossaries: "/glossaries",
  translationMemory: "/translation-memory",
  plugins: "/plugins",
  credits: "/credits",
  receipt: "/credits/receipts/:id",
  apiKeys: "/api-keys",
  settings: "/settings",
} as const

const patterns = () =>
  Object.values(dashboardPaths).map(
    (path) => new RegExp(`^${path.replace(/:[^/]+/g, "[^/]+").replace(/\/$/, "")}/?$`),
  )
let compiled: RegExp[] | null = null

/** True when `pathname` is one of the dashboard's routes (a trailing slash allowed). */
export function isDashboardPath(pathname: string): boolean {
  compiled ??= patterns()
  return compiled.some((pattern) => pattern.test(pathname))
}
