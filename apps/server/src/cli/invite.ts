import { parseArgs } from "node:util"

import { inviteMemberInputSchema, memberRoleSchema } from "@nativ/contracts"
import { z } from "zod"

import { inviteIntoCompany } from "../api/members/invite-into-company"
import { inviteUser } from "../auth/invite"
import { type Env, loadEnv } from "../env"
import { createLogger } from "../logger"
import { loadJwtSecret } from "../secrets"
import { createServices } from "../services"
import { callServer, commandTarget } from "./beside-server"

export type InviteOptions = {
  email: string
  company?: string
  /** Invite a member into this existing company instead of a new company's first owner. */
  companyId?: string
  role?: string
  url?: string
}
/** `url`: the running server the invitation went through. */
export type InviteResult = { userId: string; via: "database" | "api"; url?: string }

const usage =
  "Usage: npm run nativ -- invite EMAIL [--company NAME | --company-id ID [--role owner|admin|member]] [--url SERVER_URL]"

/**
 * `invite EMAIL [--company NAME]`: invites a new company's first owner through the same code path
 * as POST /auth/v1/invite; with `--company-id ID [--role ROLE]` (default member), a member of that
 * company, as the Members tab does. With PGlite, a running server holds the data directory's lock; the command then
 * calls that server's POST /auth/v1/invite with the service-role key (derived from JWT_SECRET or
 * DATA_DIR/jwt-secret) at the address the server recorded in its lock file, or at --url.
 * Otherwise it opens the database itself.
 */
export const inviteCommand = {
  summary: "invite an account: invite EMAIL [--company NAME | --company-id ID [--role ROLE]]",
  async run(args: string[]): Promise<number> {
    let parsed
    try {
      parsed = parseArgs({
        args,
        allowPositionals: true,
        options: {
          company: { type: "string" },
          "company-id": { type: "string" },
          role: { type: "string" },
          url: { type: "string" },
        },
      })
    } catch (error) {
      console.error(`${(error as Error).message}\n${usage}`)
      return 2
    }
    const [email, ...extra] = parsed.positionals
    const { "company-id": companyId, ...values } = parsed.values
    if (!email || extra.length || (companyId && values.company) || (values.role && !companyId)) {
      console.error(usage)
      return 2
    }
    const env = loadEnv()
    const result = await invite(env, { email, ...values, ...(companyId ? { companyId } : {}) })
    const mailbox =
      env.MAIL_TRANSPORT === "outbox"
        ? ` It is in the mailbox at ${result.url ?? env.PUBLIC_URL}/_mail.`
        : ""
    const who = companyId
      ? `to company ${companyId} as ${values.role ?? "member"} (member ${result.userId}`
      : `(user ${result.userId}`
    process.stdout.write(
      `Invited ${email.trim().toLowerCase()} ${who}, via the ${result.via}).` +
        ` The invitation email was sent.${mailbox}\n`,
    )
    return 0
  },
}

export async function invite(env: Env, options: InviteOptions): Promise<InviteResult> {
  if (options.companyId) return inviteMember(env, { ...options, companyId: options.companyId })
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

const memberSchema = z.object({
  email: inviteMemberInputSchema.shape.email,
  companyId: z.uuid({ error: "--company-id must be a company id (a UUID)" }),
  role: memberRoleSchema.default("member"),
})

/** A member of an existing company: directly in the database, or through the running server. */
async function inviteMember(
  env: Env,
  options: InviteOptions & { companyId: string },
): Promise<InviteResult> {
  const parsed = memberSchema.safeParse(options)
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join("; "))
  const { email, companyId, role } = parsed.data
  const target = await commandTarget(env, options.url)
  if (target.via === "api") {
    const res = await callServer<{ member_id?: string; error?: { message: string } }>(
      target,
      "/admin/v1/invite-member",
      { email, company_id: companyId, role },
    )
    if (res.status !== 201 || !res.body.member_id)
      throw new Error(
        `The server refused the invitation (${res.status}): ${res.body.error?.message ?? "no reason given"}`,
      )
    return { userId: res.body.member_id, via: "api", url: target.url }
  }
  const { secret } = loadJwtSecret(env.JWT_SECRET, env.DATA_DIR)
  const logger = createLogger(env.LOG_LEVEL === "info" ? "warn" : env.LOG_LEVEL)
  const deps = await createServices(env, logger, secret, { database: target.database })
  try {
    const memberId = await inviteIntoCompany(deps, { companyId, email, role, actorId: null })
    return { userId: memberId, via: "database" }
  } finally {
    await deps.database.close()
  }
}
