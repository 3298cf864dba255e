import type { MainHandlers } from "../../protocol"
import type { Workspace } from "../use-connection"

type Props = {
  workspace: Workspace
  serverUrl: string
  main: MainHandlers
  onSignOut(): void
}

const ROLE: Record<string, string> = { owner: "Owner", admin: "Admin", member: "Member" }

/** As in the dashboard: owners and admins buy credits; members ask them. */
export const canBuyCredits = (role: string) => role === "owner" || role === "admin"

/** Who is connected: the company, the person (role and email), the balance; and Sign out. */
export function AccountBar({ workspace, serverUrl, main, onSignOut }: Props) {
  const { account } = workspace
  return (
    <section className="account" aria-label="Account">
      <div>
        <strong>{account.company ?? "Your company"}</strong>
        <span className="muted"> · {ROLE[account.role] ?? account.role}</span>
        {account.memberEmail && (
          <div className="muted" data-testid="member">
            Signed in as {account.memberEmail}
          </div>
        )}
        <div data-testid="balance">
          Balance: {account.credits.toLocaleString("en-US")}{" "}
          {account.credits === 1 ? "credit" : "credits"}
        </div>
      </div>
      <div className="row">
        {canBuyCredits(account.role) && (
          <button
            type="button"
            className="link"
            onClick={() => void main.openExternal(`${serverUrl}/credits`)}
          >
            Buy Credits
          </button>
        )}
        <button type="button" className="button secondary small" onClick={onSignOut}>
          Sign out
        </button>
      </div>
    </section>
  )
}
