import { createServer, type IncomingHttpHeaders } from "node:http"
import type { AddressInfo } from "node:net"

import { expect, test } from "@playwright/test"
import { Webhook } from "standardwebhooks"

import { createConfirmedAccount, signIn } from "../support/accounts"
import { checkNarrowInBothThemes } from "../support/narrow-themes"
import { expectFitsWidth, expectToast } from "../support/screens"
import { uniqueEmail } from "../support/server"
import { acceptInvitation, callApi, inviteMember } from "../support/team"
import { accessToken, checkScreenInBothThemes, signedInAccount } from "../support/workspace"

type Received = { headers: IncomingHttpHeaders; body: string }

/** A webhook receiver on 127.0.0.1 that records each request and answers 200 "ok". */
async function startReceiver() {
  const received: Received[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") })
      res.writeHead(200, { "content-type": "text/plain" }).end("ok from the receiver")
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks/nativ`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

test.describe("webhooks", () => {
  test.setTimeout(120_000)

  test("an owner adds an endpoint, keeps its secret, and a signed test ping is delivered", async ({
    page,
  }, testInfo) => {
    const receiver = await startReceiver()
    try {
      await signedInAccount(page, "webhooks-owner")
      await page.goto("/settings?tab=webhooks")
      await expect(page.getByText("No endpoints yet")).toBeVisible()
      await checkScreenInBothThemes(page, testInfo, "empty")
      await expectFitsWidth(page, 375)

      await page.getByRole("button", { name: "Add endpoint" }).click()
      const dialog = page.getByRole("dialog", { name: "Add endpoint" })
      await dialog.getByRole("button", { name: "Add endpoint" }).click()
      await expect(dialog.getByText("url is required")).toBeVisible()
      await expect(dialog.getByText("Choose at least one event")).toBeVisible()
      await dialog.getByLabel("Endpoint URL").fill("ftp://files.acme.test/drop")
      await dialog.getByLabel("credits.low").check()
      await dialog.getByRole("button", { name: "Add endpoint" }).click()
      // The server's own rule, under the field.
      await expect(dialog.getByLabel("Endpoint URL")).toHaveAccessibleDescription(
        "The URL must start with https://.",
      )
      await checkScreenInBothThemes(page, testInfo, "dialog")
      await expectFitsWidth(page, 375)

      await dialog.getByLabel("Endpoint URL").fill(receiver.url)
      await dialog.getByLabel("Description (optional)").fill("Local receiver")
      await dialog.getByLabel("job.completed").check()
      await dialog.getByRole("button", { name: "Add endpoint" }).click()
      await expectToast(page, "Endpoint added")

      const banner = page.getByRole("region", { name: /Signing secret for/ })
      await expect(banner).toContainText("it will not be shown again")
      const secret = (await page.getByTestId("webhook-secret").textContent()) ?? ""
      expect(secret).toMatch(/^whsec_/)
      await checkScreenInBothThemes(page, testInfo, "secret")
      await banner.getByRole("button", { name: "I've copied the secret" }).click()
      await expect(page.getByText(secret)).toHaveCount(0)
      await page.reload()

      const endpoint = page.getByRole("listitem", { name: receiver.url })
      await expect(endpoint).toContainText("Local receiver")
      await expect(endpoint.getByRole("list", { name: "Events" })).toHaveText(
        /credits\.low\s*job\.completed/,
      )
      await expect(page.getByText(secret)).toHaveCount(0)
      await expect(endpoint.getByRole("switch", { name: "Enabled" })).toHaveAttribute(
        "aria-checked",
        "true",
      )

      await endpoint.getByRole("button", { name: "Send test" }).click()
      await expectToast(page, "Test event sent")
      const ping = endpoint.getByRole("listitem", { name: "ping Succeeded" })
      await expect(ping).toContainText("Response 200", { timeout: 20_000 })
      await expect(ping).toContainText("1 attempt")

      // The receiver got one request, signed with the secret shown at creation.
      expect(receiver.received).toHaveLength(1)
      const [request] = receiver.received
      const headers = request!.headers as Record<string, string>
      expect(headers["webhook-id"]).toBeTruthy()
      expect(headers["webhook-timestamp"]).toMatch(/^\d+$/)
      const payload = new Webhook(secret).verify(request!.body, headers) as { type: string }
      expect(payload.type).toBe("ping")
      expect(() =>
        new Webhook(`whsec_${btoa("another secret!!")}`).verify(request!.body, headers),
      ).toThrow()

      await ping.getByRole("button", { expanded: false }).click()
      await expect(ping).toContainText("ok from the receiver")
      await expect(ping).toContainText('"type": "ping"')
      await checkScreenInBothThemes(page, testInfo, "delivered")
      await expectFitsWidth(page, 375)
      await checkNarrowInBothThemes(page, testInfo, "delivered")

      // Resend sends the same message again: the receiver dedupes on webhook-id.
      await ping.getByRole("button", { name: /^Resend ping of / }).click()
      await expectToast(page, "Delivery queued again")
      await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2)
      expect(receiver.received[1]!.headers["webhook-id"]).toBe(headers["webhook-id"])

      // Switched off, the endpoint says so; the switch turns it back on.
      await endpoint.getByRole("switch", { name: "Enabled" }).click()
      await expectToast(page, "Endpoint disabled")
      await expect(endpoint.getByText("Disabled", { exact: true })).toBeVisible()
      await endpoint.getByRole("switch", { name: "Enabled" }).click()
      await expectToast(page, "Endpoint enabled")

      await endpoint.getByRole("button", { name: `Delete ${receiver.url}` }).click()
      const confirm = page.getByRole("alertdialog", { name: "Delete endpoint?" })
      await expect(confirm).toContainText(receiver.url)
      await confirm.getByRole("button", { name: "Delete" }).click()
      await expectToast(page, "Endpoint deleted")
      await expect(page.getByText("No endpoints yet")).toBeVisible()
    } finally {
      await receiver.close()
    }
  })

  test("a member does not see the Webhooks tab, and the API refuses them", async ({ page }) => {
    const owner = await createConfirmedAccount("webhooks-team-owner")
    const member = { email: uniqueEmail("webhooks-member"), password: "member-secret-42" }
    await inviteMember(await accessToken(owner), member.email, "member")
    const memberToken = await acceptInvitation(member)
    expect((await callApi("/webhooks", memberToken)).status).toBe(403)

    await signIn(page, member)
    await page.goto("/settings?tab=webhooks")
    await expect(page.getByRole("tab", { name: "General" })).toHaveAttribute(
      "aria-selected",
      "true",
    )
    // Notifications words itself by role: once it speaks to a member, the role is known.
    await page.getByRole("tab", { name: "Notifications" }).click()
    await expect(
      page.getByText("Only owners and admins can change the low-balance alert."),
    ).toBeVisible()
    await expect(page.getByRole("tab", { name: "Webhooks" })).toHaveCount(0)
    await expect(page.getByText("No endpoints yet")).toHaveCount(0)
  })
})
