import type { Page } from "@playwright/test"

/**
 * Makes every request matching `url` fail as the server would on an internal error (500 with a
 * PostgREST error body), so a spec can check the toast the dashboard shows for it.
 */
export function failRequests(page: Page, url: string, message: string) {
  return page.route(url, (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ code: "XX000", message }),
    }),
  )
}
