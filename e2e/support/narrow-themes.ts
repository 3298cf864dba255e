import { expect, type Page, type TestInfo } from "@playwright/test"

import { desktop, expectFitsWidth, expectNoSeriousViolations, saveScreenshot } from "./screens"

/**
 * The screen at 375 px as a phone shows it: nothing scrolls sideways, and in the light and the
 * dark theme it passes axe (no serious or critical violations) and is captured whole under
 * e2e/screenshots/ to look at. The viewport and theme are restored afterwards.
 */
export async function checkNarrowInBothThemes(page: Page, testInfo: TestInfo, name: string) {
  await expectFitsWidth(page, 375)
  const original = page.viewportSize() ?? desktop
  const spec = testInfo.titlePath[0]?.replace(/\.spec\.ts$/, "").replace(/.*\//, "") ?? "spec"
  await page.setViewportSize({ width: 375, height: 812 })
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme })
    if (theme === "dark") await expect(page.locator("html")).toHaveClass(/dark/)
    else await expect(page.locator("html")).not.toHaveClass(/dark/)
    await page.waitForTimeout(250) // let layout and the theme's transitions settle
    await expectNoSeriousViolations(page, `${name} (375 px, ${theme})`)
    await saveScreenshot(page, testInfo, `${spec}--${name}-${theme}--375.png`, {
      fullPage: true,
      animations: "disabled",
    })
  }
  await page.emulateMedia({ colorScheme: "light" })
  await page.setViewportSize(original)
}
