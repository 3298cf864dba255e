import { expect, test } from "@playwright/test"

import { createConfirmedAccount, invite, signIn } from "../support/accounts"
import { linkIn, waitForMail } from "../support/mailbox"
import { uniqueEmail } from "../support/server"
import { checkScreen, expectFitsWidth, expectToast } from "../support/screens"
import { inviteMember } from "../support/team"
import { accessToken, checkScreenInBothThemes } from "../support/workspace"

test.describe("invitation", () => {
  test("a company's invitation names who invited, the company and the role; /set-password shows them", async ({
    page,
  }, testInfo) => {
    const owner = await createConfirmedAccount("inviter")
    const email = uniqueEmail("invitee")
    await inviteMember(await accessToken(owner), email, "admin")
    const mail = await waitForMail(email, /invited you/)
    expect(mail.subject).toBe(
      `${owner.email} invited you to join ${owner.companyName} on Nativ as an admin`,
    )
    expect(mail.text).toMatch(/This invitation expires on .+ UTC\. It is valid for 7 days/)
    expect(mail.text).not.toMatch(/code/i)

    await page.goto(linkIn(mail, "/verify"))
    await expect(page).toHaveURL(/\/set-password/)
    await expect(page.getByText(email)).toBeVisible()
    await expect(page.getByText(`${owner.companyName} (Admin)`)).toBeVisible()
    await checkScreenInBothThemes(page, testInfo, "company-form")
    await expectFitsWidth(page)
    await page.getByLabel("New Password").fill("invited-secret-9")
    await page.getByLabel("Confirm Password").fill("invited-secret-9")
    await page.getByRole("button", { name: "Set Password" }).click()
    await expect(page.getByText("Password Set Successfully!")).toBeVisible()
    await page.getByRole("button", { name: "Log in to Dashboard" }).click()
    await expect(page).toHaveURL(/\/auth$/)
  })

  test("an invited person sets a password through the link and then signs in", async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail("invited")
    const link = await invite(email)
    await page.goto(link)

    await expect(page).toHaveURL(/\/set-password/)
    await expect(page.getByLabel("New Password")).toBeVisible()
    expect(page.url()).not.toContain("access_token")
    await expect(page.getByLabel("New Password")).toHaveAttribute("minlength", "6")
    await expect(page.getByLabel("Confirm Password")).toHaveAttribute("minlength", "6")
    await checkScreen(page, testInfo, "form")

    await page.getByLabel("New Password").fill("first-choice")
    await page.getByLabel("Confirm Password").fill("second-choice")
    await page.getByRole("button", { name: "Set Password" }).click()
    await expectToast(page, "Password mismatch", "Passwords do not match. Please try again.")

    await page.getByLabel("New Password").fill("abc")
    await page.getByLabel("Confirm Password").fill("abc")
    await page.getByRole("button", { name: "Set Password" }).click()
    await expectToast(page, "Password too short", "Password must be at least 6 characters long.")
    await checkScreen(page, testInfo, "too-short")

    await page.getByLabel("New Password").fill("invited-secret-9")
    await page.getByLabel("Confirm Password").fill("invited-secret-9")
    await page.getByRole("button", { name: "Set Password" }).click()
    await expect(page.getByText("Password Set Successfully!")).toBeVisible()
    await checkScreen(page, testInfo, "done")

    await page.getByRole("button", { name: "Log in to Dashboard" }).click()
    await expect(page).toHaveURL(/\/auth$/)
    await expect(page.getByText("Admin Platform")).toBeVisible()
    await signIn(page, { email, password: "invited-secret-9" })
  })

  test("the tokens in the query string open the form ('Verifying Invitation' first)", async ({
    page,
  }) => {
    const email = uniqueEmail("invited-query")
    const link = await invite(email)
    // Follow the emailed link by hand to get the tokens the server hands out, then present them
    // in the query string exactly as the spec's /set-password reads them.
    const response = await fetch(link, { redirect: "manual" })
    const location = new URL(response.headers.get("location") as string)
    const params = new URLSearchParams(location.hash.slice(1) || location.search.slice(1))
    const query = new URLSearchParams({
      access_token: params.get("access_token") as string,
      refresh_token: params.get("refresh_token") as string,
    })
    await page.route("**/auth/v1/user", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500))
      await route.continue()
    })
    await page.goto(`/set-password?${query}`)
    await expect(page.getByText("Verifying Invitation")).toBeVisible()
    await expect(page.getByLabel("New Password")).toBeVisible()
  })

  test("a bad or expired link is refused and sends the visitor to /auth", async ({ page }) => {
    await page.goto("/set-password?access_token=expired&refresh_token=nope")
    await expectToast(
      page,
      "Invalid invitation link",
      "This invitation link is invalid or has expired.",
    )
    await expect(page).toHaveURL(/\/auth$/)
  })

  test("an error reported by the link is refused and sends the visitor to /auth", async ({
    page,
  }) => {
    await page.goto(
      "/set-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired",
    )
    await expectToast(
      page,
      "Invalid invitation link",
      "This invitation link is invalid or has expired.",
    )
    await expect(page).toHaveURL(/\/auth$/)
  })

  test("without tokens or a session the page is refused", async ({ page }) => {
    await page.goto("/set-password")
    await expectToast(page, "Invalid access", "You need a valid invitation to access this page.")
    await expect(page).toHaveURL(/\/auth$/)
  })
})
