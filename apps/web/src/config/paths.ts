/** Every route of the dashboard, in one place, so links and redirects never drift. */
export const paths = {
  home: "/",
  auth: "/auth",
  signup: "/signup",
  emailConfirmed: "/email-confirmed",
  setPassword: "/set-password",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  mfa: "/mfa",
  operations: "/operations",
  analytics: "/analytics",
  playground: "/playground",
  translationMemory: "/translation-memory",
  plugins: "/plugins",
  credits: "/credits",
  apiKeys: "/api-keys",
  settings: "/settings",
} as const
