import { type BrowserContext, expect, type Page, test } from "@playwright/test"

import { signedInAccount } from "../support/workspace"

/**
 * Everything the browser refused under the Content-Security-Policy, on every page of the context:
 * `securitypolicyviolation` events (recorded by an init script, which the policy does not govern)
 * and console errors that name the policy.
 */
async function watchPolicy(context: BrowserContext) {
  const violations: string[] = []
  await context.exposeBinding("__cspViolation", ({ page }, text: string) => {
    violations.push(`${new URL(page.url()).pathname}: ${text}`)
  })
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __cspViolation(text: string): void }).__cspViolation
      report(
        `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sample})`,
      )
    })
  })
  context.on("console", (message) => {
    if (message.type() === "error" && /content security policy/i.test(message.text()))
      violations.push(
        `${new URL(message.page()?.url() ?? "about:blank").pathname}: ${message.text()}`,
      )
  })
  return violations
}

/** Opens a screen and waits for its page title. */
async function visit(page: Page, path: string, heading: string) {
  await page.goto(path)
  await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible()
}

test.describe("security headers", () => {
  test.setTimeout(120_000)

  test("every screen, the API reference and the dev pages run without a policy violation", async ({
    page,
    context,
  }) => {
    const violations = await watchPolicy(context)

    await page.goto("/auth")
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible()
    await page.goto("/signup")
    await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible()
    await page.goto("/no/such/page")
    await expect(page.getByRole("heading", { name: "404" })).toBeVisible()

    await signedInAccount(page, "csp-screens")
    // The start-up script applied the saved theme before the first paint.
    await page.evaluate(() => localStorage.setItem("nativ-theme", "dark"))
    await page.reload()
    await expect(page.locator("html")).toHaveClass(/dark/)
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible()

    await visit(page, "/playground", "Playground")
    await visit(page, "/operations", "Operations")
    await visit(page, "/analytics", "Analytics")
    await visit(page, "/plugins", "Plugins")
    await visit(page, "/settings", "Settings")
    for (const tab of ["Languages", "About", "General"]) {
      await page.getByRole("tab", { name: tab }).click()
      await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true")
    }

    // A select, a toast and an alert dialog: the parts that add styles at run time.
    await visit(page, "/api-keys", "API Keys")
    await page.getByLabel("Name").fill("Policy check")
    await page.getByLabel("Expiry").click()
    await page.getByRole("option", { name: "30 days" }).click()
    await page.getByRole("button", { name: "Create API Key" }).click()
    const row = page.getByRole("listitem", { name: "Policy check" })
    // By keyboard: the "created" toast sits over the row's end, and a pointer resting on a toast
    // keeps it open.
    await row.getByRole("button", { name: "Revoke Policy check" }).press("Enter")
    const dialog = page.getByRole("alertdialog", { name: "Revoke API key?" })
    await expect(dialog).toBeVisible()
    await dialog.getByRole("button", { name: "Cancel" }).click()
    await expect(dialog).toHaveCount(0)

    await visit(page, "/credits", "Buy Credits")
    const [checkout] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("button", { name: "Purchase 20,000 credits for $20" }).click(),
    ])
    await expect(checkout.getByRole("heading", { name: "Nativ test checkout" })).toBeVisible()
    await expect(checkout.getByRole("button", { name: "Pay $20.00" })).toHaveCSS(
      "background-color",
      "rgb(17, 17, 17)",
    )
    await checkout.close()

    await page.goto("/_mail")
    await expect(page.getByRole("heading", { name: "Mailbox" })).toBeVisible()
    await expect(page.locator("article").first()).toHaveCSS("border-radius", "8px")

    await page.goto("/api/v1/docs")
    // Swagger UI lays out the whole document (about sixty routes) before its title shows; on a
    // machine busy with CI's other phases that has taken over ten seconds.
    await expect(page.getByRole("heading", { name: /Nativ API/ })).toBeVisible({ timeout: 30_000 })
    const operation = page.locator(".opblock-summary").first()
    await operation.click()
    await expect(page.locator(".opblock-body").first()).toBeVisible()

    expect(violations).toEqual([])
  })

  test("no page can be framed, by another site or by our own", async ({ page, context }) => {
    await signedInAccount(page, "csp-frames")
    const targets = ["/", "/credits", "/api-keys", "/api/v1/docs", "/_mail"]
    await context.route("http://framer.test/", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: targets
          .map((path) => `<iframe src="${new URL(path, page.url())}"></iframe>`)
          .join(""),
      }),
    )
    await page.goto("http://framer.test/")
    await expectBlockedFrames(page, targets.length)

    // The same origin is refused too (frame-ancestors 'none', X-Frame-Options DENY).
    await page.goto("/auth")
    await page.evaluate((paths) => {
      for (const path of paths) {
        const frame = document.createElement("iframe")
        frame.src = path
        document.body.append(frame)
      }
    }, targets)
    await expectBlockedFrames(page, targets.length)
  })
})

/** Each iframe on the page ended on the browser's error page instead of ours. */
async function expectBlockedFrames(page: Page, count: number) {
  await expect(page.locator("iframe")).toHaveCount(count)
  await expect
    .poll(() =>
      page
        .frames()
        .filter((frame) => frame !== page.mainFrame())
        .map((f) => f.url()),
    )
    .toEqual(Array(count).fill("chrome-error://chromewebdata/"))
}
