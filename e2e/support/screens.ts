import { join } from "node:path"

import AxeBuilder from "@axe-core/playwright"
import { expect, type Locator, type Page, type TestInfo } from "@playwright/test"

export const desktop = { width: 1440, height: 900 }

/** Whether screenshots are skipped: in CI (see saveScreenshot). */
const capturesSkipped = () => Boolean(process.env.CI)

/**
 * Saves a screenshot under e2e/screenshots/ for a person to look at. Not in CI, where nobody can
 * (its checkout is thrown away) and where the captures were a large share of the browser's CPU on
 * two cores; the assertions around them (axe audits, widths) run there all the same.
 */
export async function saveScreenshot(
  target: Page | Locator,
  testInfo: TestInfo,
  file: string,
  options: { fullPage?: boolean; animations?: "disabled" | "allow" } = {},
) {
  if (capturesSkipped()) return
  const path = join(testInfo.project.testDir, "..", "screenshots", file)
  if ("goto" in target) await target.screenshot({ path, ...options })
  else await target.screenshot({ path, animations: options.animations })
}
export const mobile = { width: 390, height: 844 }

type Viewport = "desktop" | "mobile"

/**
 * Checks one screen as a person would meet it: an axe audit with no serious or critical
 * violations (at the widths in `audit`: desktop by default, both where the mobile layout is the
 * subject) and a screenshot at desktop and at mobile width under e2e/screenshots/ (named after
 * the spec file and `name`). The viewport is restored afterwards.
 */
export async function checkScreen(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { audit = ["desktop"] }: { audit?: Viewport[] } = {},
) {
  const original = page.viewportSize() ?? desktop
  const spec = testInfo.titlePath[0]?.replace(/\.spec\.ts$/, "").replace(/.*\//, "") ?? "spec"
  for (const [label, size] of [
    ["desktop", desktop],
    ["mobile", mobile],
  ] as const) {
    // In CI, where no screenshot is taken, a width with no audit would only be laid out again.
    if (capturesSkipped() && !audit.includes(label)) continue
    await page.setViewportSize(size)
    await page.waitForTimeout(250) // let layout and transitions settle after the resize
    if (audit.includes(label)) await expectNoSeriousViolations(page, `${name} (${label})`)
    await saveScreenshot(page, testInfo, `${spec}--${name}--${label}.png`, {
      animations: "disabled",
    })
  }
  await page.setViewportSize(original)
}

/**
 * The narrowest phone the dashboard supports (360 px): nothing scrolls sideways, and the whole
 * page is captured in the light and the dark theme under e2e/screenshots/ to look at.
 */
export async function checkNarrow(page: Page, testInfo: TestInfo, name: string) {
  await expectFitsWidth(page, 360)
  if (capturesSkipped()) return
  const original = page.viewportSize() ?? desktop
  const spec = testInfo.titlePath[0]?.replace(/\.spec\.ts$/, "").replace(/.*\//, "") ?? "spec"
  await page.setViewportSize({ width: 360, height: 780 })
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme })
    await page.waitForTimeout(250)
    await saveScreenshot(page, testInfo, `${spec}--${name}-${theme}--360.png`, {
      fullPage: true,
      animations: "disabled",
    })
  }
  await page.emulateMedia({ colorScheme: "light" })
  await page.setViewportSize(original)
}

export async function expectNoSeriousViolations(page: Page, where: string) {
  // Contrast is only meaningful at rest: a toast fading in or out is half transparent.
  await settleAnimations(page)
  // Only violations are read: axe then skips detailing the passes and inapplicable rules. Legacy
  // mode runs axe in the page itself; the default also opens a blank page per audit to merge
  // frames' results (~0.4 s more each), and the dashboard has no frames.
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .exclude('[data-sonner-toast][data-removed="true"]')
    .options({ resultTypes: ["violations"] })
    .analyze()
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    )
  expect(serious, `accessibility violations on ${where}`).toEqual([])
}

/** Waits for every finite CSS animation and transition on the page to finish. */
async function settleAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
}

/** A toast with this title (and description, when given) is visible. */
export async function expectToast(page: Page, title: string, description?: string | RegExp) {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: title }).first()
  await expect(toast).toBeVisible()
  if (description) await expect(toast).toContainText(description)
  return toast
}

/** At `width` px (a small phone) the screen fits: nothing scrolls sideways. */
export async function expectFitsWidth(page: Page, width = 375) {
  const original = page.viewportSize() ?? desktop
  await page.setViewportSize({ width, height: 740 })
  await page.waitForTimeout(250) // let layout settle after the resize
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow, `the page scrolls sideways at ${width} px`).toBeLessThanOrEqual(0)
  await page.setViewportSize(original)
}
