/** Settings → Webhooks: being built (issue #25); replaced by the tab's real content. */
export function WebhooksTab() {
  return null
}
