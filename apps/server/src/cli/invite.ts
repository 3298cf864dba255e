import { parseArgs } from "node:util"

import { inviteUser } from "../auth/invite"
import { type Env, loadEnv } from "../env"
import { createLogger } from "../logger"
import { loadJwtSecret } from "../secrets"
import { createServices } from "../services"
import { commandTarget } from "./beside-server"

export type InviteOptions = { email: string; company?: string; url?: string }
/** `url`: the running server the invitation went through. */
export type InviteResult = { userId: string; via: "database" | "api"; url?: string }

const usage = "Usage: npm run nativ -- invite EMAIL [--company NAME] [--url SERVER_URL]"

/**
 * `invite EMAIL [--company NAME]`: invites an account through the same code path as POST
 * /auth/v1/invite. With PGlite, a running server holds the data directory's lock; the command then
 * calls that server's POST /auth/v1/invite with the service-role key (derived from JWT_SECRET or
 * DATA_DIR/jwt-secret) at the address the server recorded in its lock file, or at --url.
 * Otherwise it opens the database itself.
 */
export const inviteCommand = {
  summary: "invite an account: invite EMAIL [--company NAME]",
  async run(args: string[]): Promise<number> {
    let parsed
    try {
      parsed = parseArgs({
        args,
        allowPositionals: true,
        options: { company: { type: "string" }, url: { type: "string" } },
      })
    } catch (error) {
      console.error(`${(error as Error).message}\n${usage}`)
      return 2
    }
    const [email, ...extra] = parsed.positionals
    if (!email || extra.length) {
      console.error(usage)
      return 2
    }
    const env = loadEnv()
    const result = await invite(env, { email, ...parsed.values })
    const mailbox =
      env.MAIL_TRANSPORT === "outbox"
        ? ` It is in the mailbox at ${result.url ?? env.PUBLIC_URL}/_mail.`
        : ""
    process.stdout.write(
      `Invited ${email.trim().toLowerCase()} (user ${result.userId}, via the ${result.via}).` +
        ` The invitation email was sent.${mailbox}\n`,
    )
    return 0
  },
}

export async function invite(env: Env, options: InviteOptions): Promise<InviteResult> {
  const data = options.company ? { company_name: options.company } : {}
  const target = await commandTarget(env, options.url)
  if (target.via === "api")
    return {
      userId: await inviteThroughApi(target.url, target.serviceRoleKey, options.email, data),
      via: "api",
      url: target.url,
    }
  const { secret } = loadJwtSecret(env.JWT_SECRET, env.DATA_DIR)
  const logger = createLogger(env.LOG_LEVEL === "info" ? "warn" : env.LOG_LEVEL)
  const deps = await createServices(env, logger, secret, { database: target.database })
  try {
    const user = await inviteUser(deps, { email: options.email, data })
    return { userId: user.id, via: "database" }
  } finally {
    await deps.database.close()
  }
}

/** POST /auth/v1/invite on a running server, as supabase-js' admin.inviteUserByEmail does. */
export async function inviteThroughApi(
  url: string,
  serviceRoleKey: string,
  email: string,
  data: Record<string, unknown>,
): Promise<string> {
  let res: Response
  try {
    res = await fetch(`${url.replace(/\/+$/, "")}/auth/v1/invite`, {
      method: "POST",
      headers: {
        apikey: serviceRoleKey,
        Authorization: `Bearer ${serviceRoleKey}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ email, data }),
    })
  } catch {
    throw new Error(
      `The data directory is in use by a running Nativ server, but no server answered at ${url}. ` +
        "Pass that server's address with --url, or stop the server and run the command again.",
    )
  }
  const body = (await res.json().catch(() => ({}))) as { id?: string; msg?: string }
  if (!res.ok || !body.id)
    throw new Error(
      `The server refused the invitation (${res.status}): ${body.msg ?? "no reason given"}`,
    )
  return body.id
}
