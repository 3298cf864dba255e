/** Settings → Connected apps: being built (issue #25); replaced by the tab's real content. */
export function ConnectedAppsTab() {
  return null
}
