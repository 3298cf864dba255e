import { type Browser, expect, type Page, test } from "@playwright/test"

import { signIn } from "../support/accounts"
import { linkIn, waitForMail } from "../support/mailbox"
import { expectFitsWidth, expectToast } from "../support/screens"
import { uniqueEmail } from "../support/server"
import { acceptInvitation, callApi, invitationLink, inviteMember } from "../support/team"
import {
  accessToken,
  checkScreenInBothThemes,
  signedInAccount,
  storedCredits,
} from "../support/workspace"

const PASSWORD = "team-secret-42"

/** A second person at their own browser: a fresh context and page. */
async function otherBrowser(browser: Browser) {
  const context = await browser.newContext()
  return { context, page: await context.newPage() }
}

async function openSettingsTab(page: Page, tab: string) {
  await page.goto("/settings")
  await page.getByRole("tab", { name: tab }).click()
  await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true")
}

/** Accepts the emailed invitation in the browser: /set-password, then sign in. */
async function joinThroughBrowser(page: Page, email: string) {
  await page.goto(await invitationLink(email))
  await expect(page).toHaveURL(/\/set-password/)
  await page.getByLabel("New Password").fill(PASSWORD)
  await page.getByLabel("Confirm Password").fill(PASSWORD)
  await page.getByRole("button", { name: "Set Password" }).click()
  await expect(page.getByText("Password Set Successfully!")).toBeVisible()
  await page.getByRole("button", { name: "Log in to Dashboard" }).click()
  await expect(page).toHaveURL(/\/auth/)
  await signIn(page, { email, password: PASSWORD })
}

test.describe("teams", () => {
  test.setTimeout(180_000)

  test("an owner invites an admin and a member; they join and share one company", async ({
    page,
    browser,
  }, testInfo) => {
    const owner = await signedInAccount(page, "team-owner", {
      credits: 5_000,
      languages: [["French", "FR"]],
    })
    await openSettingsTab(page, "Members")
    const ownerRow = page.getByRole("listitem", { name: owner.email })
    await expect(ownerRow).toContainText("(you)")
    await expect(ownerRow).toContainText("Owner")
    await expect(ownerRow).toContainText("Active")
    await expect(
      page.getByText("You're the only member. Invite colleagues to share credits and history."),
    ).toBeVisible()
    await checkScreenInBothThemes(page, testInfo, "members-alone")

    const adminEmail = uniqueEmail("team-admin")
    const memberEmail = uniqueEmail("team-member")
    for (const [email, role] of [
      [adminEmail, "Admin"],
      [memberEmail, "Member"],
    ] as const) {
      await page.getByLabel("Email").fill(email)
      await page.getByLabel("Role", { exact: true }).click()
      await page.getByRole("option", { name: role }).click()
      await page.getByRole("button", { name: "Send invitation", exact: true }).click()
      await expectToast(page, "Invitation sent", `${email} will receive an email to join.`)
      await expect(page.getByRole("listitem", { name: email })).toContainText("Invited")
    }
    await checkScreenInBothThemes(page, testInfo, "members-invited")
    await expectFitsWidth(page)

    // The admin joins through the emailed link and sees the company's balance and languages.
    const admin = await otherBrowser(browser)
    await joinThroughBrowser(admin.page, adminEmail)
    await expect(admin.page.getByTestId("credit-balance")).toContainText("5,000")
    await expect(admin.page.getByRole("banner")).toContainText(owner.companyName)
    await expect(admin.page.getByRole("banner")).toContainText("Admin")
    await openSettingsTab(admin.page, "Languages")
    await expect(admin.page.getByText("French")).toBeVisible()

    // The member joins too: same balance; no Buy Credits, no invite form, no Activity tab,
    // languages read-only.
    const member = await otherBrowser(browser)
    await joinThroughBrowser(member.page, memberEmail)
    await expect(member.page.getByTestId("credit-balance")).toContainText("5,000")
    await expect(member.page.getByRole("banner")).toContainText("Member")
    await expect(member.page.getByRole("link", { name: "Buy Credits" })).toHaveCount(0)
    await openSettingsTab(member.page, "Members")
    await expect(
      member.page.getByRole("button", { name: "Send invitation", exact: true }),
    ).toHaveCount(0)
    await expect(member.page.getByRole("button", { name: /^Remove / })).toHaveCount(0)
    await expect(member.page.getByRole("tab", { name: "Activity" })).toHaveCount(0)
    await member.page.getByRole("tab", { name: "Languages" }).click()
    await expect(member.page.getByText("French")).toBeVisible()
    await expect(member.page.getByRole("button", { name: /delete|remove/i })).toHaveCount(0)
    await member.page.goto("/credits")
    await expect(
      member.page.getByText(
        "Only owners and admins can buy credits. Ask an owner or admin of your company to top up.",
      ),
    ).toBeVisible()

    // The member's culturalization debits the company's one balance, once.
    const memberToken = await accessToken({ email: memberEmail, password: PASSWORD })
    const used = await callApi("/text/culturalize", memberToken, {
      method: "POST",
      body: { text: "Hello team", language: "French", language_code: "FR", tool: "api" },
    })
    expect(used.status, JSON.stringify(used.json)).toBe(200)
    const cost = (used.json as { cost: number }).cost
    expect(cost).toBeGreaterThan(0)
    expect(await storedCredits(owner.userId)).toBe(5_000 - cost)

    // The owner sees who made it, and can narrow the list to one member.
    await page.goto("/operations")
    await expect(page.getByRole("columnheader", { name: "Member" })).toBeVisible()
    await expect(page.getByRole("cell", { name: memberEmail })).toBeVisible()
    await page.getByLabel("Member").click()
    await page.getByRole("option", { name: owner.email }).click()
    await expect(page.getByRole("cell", { name: memberEmail })).toHaveCount(0)

    // The activity log names each step.
    await openSettingsTab(page, "Activity")
    await expect(page.getByText(`invited ${adminEmail} as admin`)).toBeVisible()
    await expect(page.getByText(`invited ${memberEmail} as member`)).toBeVisible()
    await expect(page.getByText("joined").first()).toBeVisible()
    await checkScreenInBothThemes(page, testInfo, "activity")

    await admin.context.close()
    await member.context.close()
  })

  test("an invitation says when it expires; the invitee declines it from the email, signed out", async ({
    page,
    browser,
  }, testInfo) => {
    const owner = await signedInAccount(page, "team-decline-owner")
    const email = uniqueEmail("team-decliner")
    await openSettingsTab(page, "Members")
    await page.getByLabel("Email").fill(email)
    await page.getByRole("button", { name: "Send invitation", exact: true }).click()
    await expectToast(page, "Invitation sent", `${email} will receive an email to join.`)
    const row = page.getByRole("listitem", { name: email })
    await expect(row).toContainText("Invited")
    await expect(row).toContainText(/Invitation expires \w{3} \d{1,2}, \d{4}/)

    const mail = await waitForMail(email, /invit/i)
    expect(mail.text).toMatch(/This invitation expires on .+ UTC\./)
    const acceptLink = linkIn(mail, "/verify")
    const declineLink = linkIn(mail, "/decline-invitation")

    const invitee = await otherBrowser(browser)
    await invitee.page.goto(declineLink)
    await expect(invitee.page.getByText("Decline invitation?")).toBeVisible()
    expect(invitee.page.url()).not.toContain("token=")
    await checkScreenInBothThemes(invitee.page, testInfo, "decline-invitation")
    await invitee.page.getByRole("button", { name: "Decline invitation" }).click()
    await expect(invitee.page.getByText("Invitation declined")).toBeVisible()
    await expect(
      invitee.page.getByText(`${email} will not join ${owner.companyName}.`),
    ).toBeVisible()

    // The acceptance link died with the invitation.
    await invitee.page.goto(acceptLink)
    await expectToast(
      invitee.page,
      "Invalid invitation link",
      "This invitation link is invalid or has expired.",
    )
    await expect(invitee.page).toHaveURL(/\/auth$/)
    // Declining twice says it is no longer open.
    await invitee.page.goto(declineLink)
    await invitee.page.getByRole("button", { name: "Decline invitation" }).click()
    await expect(invitee.page.getByText("Invitation no longer open")).toBeVisible()
    await invitee.context.close()

    await page.reload()
    await expect(page.getByRole("listitem", { name: email })).toHaveCount(0)
    await page.getByRole("tab", { name: "Activity" }).click()
    await expect(page.getByText(`${email} declined the invitation`)).toBeVisible()
  })

  test("roles are enforced: keys, owners, the last owner, and removal ends access", async ({
    page,
    browser,
  }, testInfo) => {
    const owner = await signedInAccount(page, "team-rules", { credits: 2_000 })
    const ownerToken = await accessToken(owner)
    const admin = { email: uniqueEmail("rules-admin"), password: PASSWORD }
    const member = { email: uniqueEmail("rules-member"), password: PASSWORD }
    await inviteMember(ownerToken, admin.email, "admin")
    const invitedMember = await inviteMember(ownerToken, member.email, "member")
    const adminToken = await acceptInvitation(admin)
    const memberToken = await acceptInvitation(member)

    // A member cannot invite or buy credits; the server refuses what the dashboard hides.
    const refusedInvite = await callApi("/members", memberToken, {
      method: "POST",
      body: { email: uniqueEmail("nope"), role: "member" },
    })
    expect(refusedInvite.status).toBe(403)

    // Keys: the member's own key is theirs; the owner sees it with its creator.
    const memberKey = await callApi("/api-keys", memberToken, {
      method: "POST",
      body: { name: "Member laptop" },
    })
    expect(memberKey.status, JSON.stringify(memberKey.json)).toBe(201)
    const ownerKey = await callApi("/api-keys", ownerToken, {
      method: "POST",
      body: { name: "Owner server" },
    })
    expect(ownerKey.status).toBe(201)
    const seenByMember = await callApi("/api-keys", memberToken)
    expect(
      (seenByMember.json as { api_keys: { name: string }[] }).api_keys.map((k) => k.name),
    ).toEqual(["Member laptop"])
    await page.goto("/api-keys")
    const memberKeyRow = page.getByRole("listitem", { name: "Member laptop" })
    await expect(memberKeyRow).toContainText(`Created by ${member.email}`)

    // An admin can neither remove nor demote an owner; the last owner cannot leave ownership.
    const { json: list } = await callApi("/members", adminToken)
    const ownerId = (list as { members: { id: string; email: string }[] }).members.find(
      (m) => m.email === owner.email,
    )!.id
    expect((await callApi(`/members/${ownerId}`, adminToken, { method: "DELETE" })).status).toBe(
      403,
    )
    expect(
      (
        await callApi(`/members/${ownerId}`, adminToken, {
          method: "PATCH",
          body: { role: "member" },
        })
      ).status,
    ).toBe(403)
    expect(
      (
        await callApi(`/members/${ownerId}`, ownerToken, {
          method: "PATCH",
          body: { role: "admin" },
        })
      ).status,
    ).toBe(409)

    // The admin sees no controls on the owner's row.
    const adminBrowser = await otherBrowser(browser)
    await signIn(adminBrowser.page, admin)
    await openSettingsTab(adminBrowser.page, "Members")
    await expect(
      adminBrowser.page.getByRole("button", { name: `Remove ${owner.email}` }),
    ).toHaveCount(0)
    await expect(adminBrowser.page.getByLabel(`Role for ${owner.email}`)).toHaveCount(0)
    await adminBrowser.context.close()

    // The owner removes the member: their session and their keys stop working at once.
    await openSettingsTab(page, "Members")
    await page.getByRole("button", { name: `Remove ${member.email}` }).click()
    const dialog = page.getByRole("alertdialog", { name: "Remove member?" })
    await expect(dialog).toContainText("The API keys they created will be revoked.")
    await checkScreenInBothThemes(page, testInfo, "remove-dialog")
    await dialog.getByRole("button", { name: "Remove" }).click()
    await expectToast(page, "Member removed")
    await expect(page.getByRole("listitem", { name: member.email })).toHaveCount(0)

    expect((await callApi("/account", memberToken)).status).toBe(401)
    const key = (memberKey.json as { key: string }).key
    const withKey = await callApi("/text/culturalize", key, {
      method: "POST",
      body: { text: "Hello", language: "German", language_code: "DE", tool: "api" },
    })
    expect(withKey.status).toBe(401)
    expect((withKey.json as { error: { code: string } }).error.code).toBe("api_key_revoked")
    expect(
      (await callApi(`/members/${invitedMember.id}`, ownerToken, { method: "DELETE" })).status,
    ).toBe(404)
  })
})
