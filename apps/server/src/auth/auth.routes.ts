import { Hono } from "hono"
import { bodyLimit } from "hono/body-limit"

import type { AppDeps } from "../deps"
import { createAuthContext } from "./context"
import { AuthError, renderAuthError } from "./errors"
import { invite } from "./invite"
import { logout } from "./logout"
import { otp } from "./otp"
import { recover } from "./recover"
import { settings } from "./settings"
import { signup } from "./signup"
import { token } from "./token"
import { getUser, updateUser } from "./user"
import { verifyGet, verifyPost } from "./verify"

/**
 * /auth/v1 — the Supabase-Auth-compatible subset supabase-js uses (PROTOCOL.md §2): one file per
 * flow; every error, whatever the flow, is rendered by renderAuthError.
 */
export function authRoutes(deps: AppDeps) {
  const ctx = createAuthContext(deps)
  return new Hono()
    .use(
      bodyLimit({
        maxSize: 64 * 1024,
        onError: () => {
          throw new AuthError(413, "validation_failed", "Request body is too large")
        },
      }),
    )
    .post("/signup", signup(ctx))
    .post("/token", token(ctx))
    .post("/logout", logout(ctx))
    .get("/user", getUser(ctx))
    .put("/user", updateUser(ctx))
    .post("/recover", recover(ctx))
    .post("/otp", otp(ctx))
    .post("/verify", verifyPost(ctx))
    .get("/verify", verifyGet(ctx))
    .post("/invite", invite(ctx))
    .get("/settings", settings(ctx))
    .get("/health", (c) => c.json({ name: "nativ-auth", description: "Supabase-Auth-compatible" }))
    .all("*", () => {
      throw new AuthError(404, "not_found", "Not found")
    })
    .onError((error, c) => renderAuthError(c, error, deps.logger))
}
