import {
  type CreatedWebhook,
  type CreateWebhookInput,
  createdWebhookSchema,
  type UpdateWebhookInput,
  type Webhook,
  type WebhookDelivery,
  webhookDeliveryListSchema,
  webhookListSchema,
  webhookSchema,
} from "@nativ/contracts"
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { toast } from "sonner"
import { z } from "zod"

import { api } from "@/lib/api-client"

/*
 * The company's webhook endpoints and their deliveries (/api/v1/webhooks, owners and admins).
 * Create and edit leave failures to the dialog, which shows the server's message beside the field
 * it is about; every other failure goes to the one error sink as a toast.
 */
export const webhookKeys = {
  all: ["webhooks"] as const,
  list: () => ["webhooks", "list"] as const,
  deliveries: (id: string) => ["webhooks", "deliveries", id] as const,
}

const webhookPath = (id: string) => `/webhooks/${encodeURIComponent(id)}`

/** How often deliveries are read again while one is about to be attempted. */
const DELIVERY_POLL_MS = 2_000
/** A pending delivery whose next attempt is further off than this is not worth polling for. */
const DUE_SOON_MS = 15_000

/** True while a pending delivery is being tried now or within a few seconds. */
export function hasDeliveryDueSoon(deliveries: WebhookDelivery[], now = Date.now()) {
  return deliveries.some(
    (delivery) =>
      delivery.status === "pending" &&
      (delivery.next_attempt_at === null ||
        Date.parse(delivery.next_attempt_at) - now <= DUE_SOON_MS),
  )
}

export function webhooksQuery() {
  return queryOptions({
    queryKey: webhookKeys.list(),
    queryFn: async () => (await api.get("/webhooks", webhookListSchema)).webhooks,
    meta: { errorTitle: "Error fetching webhooks" },
  })
}

export const useWebhooks = () => useQuery(webhooksQuery())

/**
 * The endpoint's deliveries, newest first. Polled while one is due soon, and until `watchUntil`
 * (a moment after Send test or Resend, before the new attempt shows up as pending).
 */
export function useWebhookDeliveries(id: string, watchUntil = 0) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: async () =>
      (await api.get(`${webhookPath(id)}/deliveries`, webhookDeliveryListSchema)).deliveries,
    refetchInterval: (query) =>
      Date.now() < watchUntil || hasDeliveryDueSoon(query.state.data ?? [])
        ? DELIVERY_POLL_MS
        : false,
    meta: { errorTitle: "Error fetching deliveries" },
  })
}

function useInvalidating<Input, Result>(
  mutationFn: (input: Input) => Promise<Result>,
  onDone: (result: Result, input: Input) => void,
  errorTitle?: string,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: (result, input) => {
      onDone(result, input)
      return queryClient.invalidateQueries({ queryKey: webhookKeys.all })
    },
    meta: errorTitle ? { errorTitle } : undefined,
  })
}

/**
 * POST /webhooks; the answer carries the signing secret, which the server never shows again. It is
 * handed to `onCreated` here rather than in `mutate`'s callbacks: the dialog that asked may be gone
 * (the empty state it sat in is replaced by the list) before those would run.
 */
export const useCreateWebhook = (onCreated: (created: CreatedWebhook) => void) =>
  useInvalidating(
    (input: CreateWebhookInput) => api.post("/webhooks", input, createdWebhookSchema),
    (created) => {
      onCreated(created)
      toast.success("Endpoint added")
    },
  )

/** PATCH /webhooks/{id} from the edit dialog. */
export const useSaveWebhook = () =>
  useInvalidating(
    ({ id, changes }: { id: string; changes: UpdateWebhookInput }) =>
      api.patch(webhookPath(id), changes, webhookSchema),
    () => toast.success("Endpoint saved"),
  )

/** PATCH /webhooks/{id} {enabled}: the endpoint's switch. */
export const useSetWebhookEnabled = () =>
  useInvalidating(
    ({ webhook, enabled }: { webhook: Webhook; enabled: boolean }) =>
      api.patch(webhookPath(webhook.id), { enabled }, webhookSchema),
    (saved) => toast.success(saved.enabled ? "Endpoint enabled" : "Endpoint disabled"),
    "Error updating endpoint",
  )

export const useDeleteWebhook = () =>
  useInvalidating(
    (webhook: Webhook) => api.delete(webhookPath(webhook.id)),
    () => toast.success("Endpoint deleted"),
    "Error deleting endpoint",
  )

/** POST /webhooks/{id}/test: queues a `ping`. Any 2xx answer will do. */
export const useSendTestEvent = () =>
  useInvalidating(
    (webhook: Webhook) => api.post(`${webhookPath(webhook.id)}/test`, {}, z.unknown()),
    () => toast.success("Test event sent"),
    "Error sending test event",
  )

export const useResendDelivery = () =>
  useInvalidating(
    ({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) =>
      api.post(
        `${webhookPath(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
        {},
        z.unknown(),
      ),
    () => toast.success("Delivery queued again"),
    "Error resending delivery",
  )
