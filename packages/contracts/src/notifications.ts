import { z } from "zod"

/**
 * Notifications (GET and PUT /api/v1/notifications): the company's low-balance alert. A debit
 * that takes the balance below the threshold emails the owners once; the dashboard shows a banner
 * while the balance stays below it.
 */

export const LOW_BALANCE_THRESHOLD_DEFAULT = 1_000
export const LOW_BALANCE_THRESHOLD_MAX = 1_000_000_000

const thresholdMessage = `low_balance_threshold must be a whole number of credits from 1 to ${LOW_BALANCE_THRESHOLD_MAX.toLocaleString("en-US")}, or null to turn the alert off`

export const notificationSettingsSchema = z
  .object({
    low_balance_threshold: z
      .number()
      .int()
      .nullable()
      .describe("Credits; null when the alert is off."),
    balance: z.number().int().describe("The company's balance, in credits."),
    below_threshold: z
      .boolean()
      .describe(
        "The alert is on, the balance is below the threshold and the company has had credits before (a new account with no credits yet is not 'running low').",
      ),
  })
  .meta({ example: { low_balance_threshold: 1000, balance: 640, below_threshold: true } })
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>

export const updateNotificationSettingsSchema = z
  .object({
    low_balance_threshold: z
      .number({ error: thresholdMessage })
      .int({ error: thresholdMessage })
      .min(1, { error: thresholdMessage })
      .max(LOW_BALANCE_THRESHOLD_MAX, { error: thresholdMessage })
      .nullable(),
  })
  .meta({ example: { low_balance_threshold: 5000 } })
export type UpdateNotificationSettings = z.infer<typeof updateNotificationSettingsSchema>
