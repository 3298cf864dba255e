import type { Handler } from "hono"

import type { AuthContext } from "./context"

const providers = [
  "anonymous_users",
  "apple",
  "azure",
  "bitbucket",
  "discord",
  "facebook",
  "figma",
  "github",
  "gitlab",
  "google",
  "keycloak",
  "kakao",
  "linkedin_oidc",
  "notion",
  "phone",
  "slack_oidc",
  "spotify",
  "twitch",
  "twitter",
  "workos",
  "zoom",
]

/** GET /settings — Supabase Auth's public settings: email sign-in only, confirmation always on. */
export function settings({ deps }: AuthContext): Handler {
  return (c) =>
    c.json({
      external: { ...Object.fromEntries(providers.map((p) => [p, false])), email: true },
      disable_signup: deps.env.DISABLE_SIGNUP,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: "",
      saml_enabled: false,
    })
}
