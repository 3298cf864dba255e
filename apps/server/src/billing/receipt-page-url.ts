/** Where the dashboard shows a receipt (apps/web: paths.receipt). */
export const receiptPageUrl = (siteUrl: string, paymentId: string) =>
  `${siteUrl}/credits/receipts/${encodeURIComponent(paymentId)}`
