import type { Account } from "@nativ/plugin-core"

import type { PanelModel } from "./panel-model"

const ROLE = { owner: "Owner", admin: "Admin", member: "Member" } as Record<string, string>

/** Who is connected: the company, the person (email and role), the balance; and Sign out. */
export function AccountBar({ model, account }: { model: PanelModel; account: Account }) {
  return (
    <section className="card" aria-label="Your Nativ account">
      <div className="row">
        <div>
          <strong>{account.company ?? "Your company"}</strong>
          <div className="muted" data-testid="member">
            Signed in as {account.memberEmail ? `${account.memberEmail} · ` : ""}
            {ROLE[account.role] ?? account.role}
          </div>
        </div>
        <button type="button" className="button" onClick={() => void model.signOut()}>
          Sign out
        </button>
      </div>
      <p className="muted" style={{ marginTop: 6, marginBottom: 0 }}>
        Balance: <strong data-testid="balance">{account.credits.toLocaleString("en-US")}</strong>{" "}
        credits
      </p>
    </section>
  )
}
