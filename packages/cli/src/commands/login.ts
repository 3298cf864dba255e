import type { Command } from "commander"

import { deviceLogin, logout } from "../auth"
import { printJson } from "../io"
import { jsonOption, type SessionFactory } from "./shared"

/** `nativ login` and `nativ logout`: the device sign-in, kept in the config dir. */
export function loginCommands(program: Command, session: SessionFactory) {
  program
    .command("login")
    .description("sign in with your Nativ account (shows a code to approve in the dashboard)")
    .addOption(jsonOption())
    .action(async (flags: { json?: boolean }, self: Command) => {
      const { io, server } = session(self)
      const tokens = await deviceLogin(io, server)
      const scopes = tokens.scope?.split(" ") ?? []
      if (flags.json) return printJson(io, { server: server.origin, scopes })
      io.stdout(`Signed in to ${server.origin}${scopes.length ? ` (${scopes.join(", ")})` : ""}.\n`)
    })

  program
    .command("logout")
    .description("sign out: revoke this computer's sign-in and forget it")
    .action(async (_flags: object, self: Command) => {
      const { io, server } = session(self)
      const was = await logout(io, server)
      io.stdout(was ? `Signed out of ${server.origin}.\n` : `Not signed in to ${server.origin}.\n`)
    })
}
