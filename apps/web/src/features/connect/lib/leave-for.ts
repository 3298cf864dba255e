/**
 * Sends the browser on to `url` (back through the authorization server to the app). Its own
 * module so tests can see where the page went: jsdom cannot navigate.
 */
export function leaveFor(url: string) {
  window.location.assign(url)
}
