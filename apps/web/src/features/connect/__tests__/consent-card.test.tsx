import { render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { describe, expect, it, vi } from "vitest"

import { ConsentCard } from "../components/consent-card"
import { buildConsentDetails } from "./consent-details"

function renderCard(props: Partial<React.ComponentProps<typeof ConsentCard>> = {}) {
  const onApprove = vi.fn()
  const onDeny = vi.fn()
  render(
    <ConsentCard
      details={buildConsentDetails()}
      onApprove={onApprove}
      onDeny={onDeny}
      busy={null}
      {...props}
    />,
  )
  return { onApprove, onDeny }
}

const checkbox = (name: RegExp) => screen.getByRole("checkbox", { name })

describe("the consent card", () => {
  it("names the app, its home page, the company and who is signed in", () => {
    renderCard()
    expect(
      screen.getByRole("heading", { name: "Claude wants to access Acme Localization" }),
    ).toBeInTheDocument()
    expect(screen.getByRole("link", { name: /claude\.example/ })).toHaveAttribute(
      "href",
      "https://claude.example/home",
    )
    expect(screen.getByText("owner@acme.test")).toBeInTheDocument()
    expect(screen.getByText(/\(Owner\)/)).toBeInTheDocument()
  })

  it("links no home page that is not a web address", () => {
    renderCard({
      details: buildConsentDetails({
        client: { id: "c", name: "Sly", uri: "javascript:alert(1)" },
      }),
    })
    expect(screen.queryByRole("link")).not.toBeInTheDocument()
  })

  it("lists each scope asked for, ticked, and approves them all by default", async () => {
    const { onApprove } = renderCard()
    expect(checkbox(/^Culturalize text, files and images/)).toBeChecked()
    expect(checkbox(/^See your languages, usage and operations/)).toBeChecked()
    expect(checkbox(/^Stay connected until you revoke it/)).toBeChecked()
    expect(screen.queryByRole("checkbox", { name: /glossaries/ })).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole("button", { name: "Approve" }))
    expect(onApprove).toHaveBeenCalledWith(["translate", "read", "offline_access"])
  })

  it("approves only what is left ticked, from the keyboard too", async () => {
    const { onApprove } = renderCard()
    checkbox(/^See your languages/).focus()
    await userEvent.keyboard(" ")
    expect(checkbox(/^See your languages/)).not.toBeChecked()
    screen.getByRole("button", { name: "Approve" }).focus()
    await userEvent.keyboard("{Enter}")
    expect(onApprove).toHaveBeenCalledWith(["translate", "offline_access"])
  })

  it("shows manage disabled and unticked, with why, to a member", async () => {
    const { onApprove } = renderCard({
      details: buildConsentDetails({
        scopes: ["translate", "manage"],
        member: { email: "member@acme.test", role: "member" },
        can_grant_manage: false,
      }),
    })
    const manage = checkbox(/^Change your glossaries/)
    expect(manage).toBeDisabled()
    expect(manage).not.toBeChecked()
    expect(manage).toHaveAccessibleDescription("Only owners and admins can allow this.")
    await userEvent.click(screen.getByRole("button", { name: "Approve" }))
    expect(onApprove).toHaveBeenCalledWith(["translate"])
  })

  it("lets an admin grant manage", () => {
    renderCard({
      details: buildConsentDetails({
        scopes: ["manage"],
        member: { email: "admin@acme.test", role: "admin" },
      }),
    })
    expect(checkbox(/^Change your glossaries/)).toBeEnabled()
    expect(checkbox(/^Change your glossaries/)).toBeChecked()
    expect(screen.getByRole("button", { name: "Approve" })).toBeEnabled()
  })

  it("keeps Approve off, with a hint, when only staying connected is left", async () => {
    renderCard()
    await userEvent.click(checkbox(/^Culturalize text/))
    await userEvent.click(checkbox(/^See your languages/))
    const approve = screen.getByRole("button", { name: "Approve" })
    expect(approve).toBeDisabled()
    expect(approve).toHaveAccessibleDescription(
      "Choose at least one permission besides staying connected, or deny the request.",
    )
    await userEvent.click(checkbox(/^See your languages/))
    expect(approve).toBeEnabled()
  })

  it("keeps Approve off when the app asks only to stay connected", () => {
    renderCard({ details: buildConsentDetails({ scopes: ["offline_access"] }) })
    expect(screen.getByRole("button", { name: "Approve" })).toBeDisabled()
    expect(screen.getByText(/asks for nothing it could do with your company/)).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Deny" })).toBeEnabled()
  })

  it("keeps Approve off for a member when the app asks only for manage", () => {
    renderCard({
      details: buildConsentDetails({
        scopes: ["manage", "offline_access"],
        member: { email: "member@acme.test", role: "member" },
        can_grant_manage: false,
      }),
    })
    expect(screen.getByRole("button", { name: "Approve" })).toBeDisabled()
    expect(
      screen.getByText(
        "Only an owner or admin of your company can approve what this app asks for.",
      ),
    ).toBeInTheDocument()
  })

  it("denies", async () => {
    const { onDeny, onApprove } = renderCard()
    await userEvent.click(screen.getByRole("button", { name: "Deny" }))
    expect(onDeny).toHaveBeenCalledOnce()
    expect(onApprove).not.toHaveBeenCalled()
  })

  it("shows the answer under way and locks the choice", () => {
    renderCard({ busy: "approve" })
    expect(screen.getByRole("button", { name: "Approving..." })).toBeDisabled()
    expect(screen.getByRole("button", { name: "Deny" })).toBeDisabled()
    expect(checkbox(/^Culturalize text/)).toBeDisabled()
  })

  it("shows the server's refusal in the card", () => {
    renderCard({ error: new Error("Only owners and admins can let an app change glossaries.") })
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Only owners and admins can let an app change glossaries.",
    )
  })
})
