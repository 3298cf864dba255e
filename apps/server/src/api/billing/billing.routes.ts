import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi"
import {
  billingPaymentListSchema,
  billingPaymentsQuerySchema,
  type Receipt,
  receiptSchema,
  ROLE_CAN,
} from "@nativ/contracts"

import { findReceipt } from "../../billing/receipts.repo"
import type { AppDeps } from "../../deps"
import { ApiError } from "../api-error"
import type { ApiEnv, Principal } from "../authenticate"
import { errorResponse, idParam, jsonResponse } from "../openapi-parts"
import { sessionAuth } from "../security"
import { listBillingPayments } from "./billing.repo"
import { renderReceiptPdf } from "./receipt-pdf"

const TAGS = ["Billing"]
const unauthorized = errorResponse("Missing or invalid credentials")
const forbidden = errorResponse("Members, and API keys, cannot see billing")
const noReceipt = errorResponse("No such payment in the company, or it is not paid")

const routes = {
  list: createRoute({
    method: "get",
    path: "/billing/payments",
    tags: TAGS,
    summary: "The company's purchases of credits, newest first (owners and admins)",
    security: sessionAuth,
    request: { query: billingPaymentsQuerySchema },
    responses: {
      200: jsonResponse("One page of purchases and how many there are", billingPaymentListSchema),
      400: errorResponse("Invalid limit or offset"),
      401: unauthorized,
      403: forbidden,
    },
  }),
  receipt: createRoute({
    method: "get",
    path: "/billing/payments/{id}/receipt",
    tags: TAGS,
    summary: "A paid purchase's receipt (owners and admins)",
    security: sessionAuth,
    request: { params: idParam },
    responses: {
      200: jsonResponse("The receipt", receiptSchema),
      401: unauthorized,
      403: forbidden,
      404: noReceipt,
    },
  }),
  receiptPdf: createRoute({
    method: "get",
    path: "/billing/payments/{id}/receipt.pdf",
    tags: TAGS,
    summary: "A paid purchase's receipt as a PDF (owners and admins)",
    security: sessionAuth,
    request: { params: idParam },
    responses: {
      200: {
        description: "The receipt, one A4 page",
        content: { "application/pdf": { schema: z.string().meta({ format: "binary" }) } },
      },
      401: unauthorized,
      403: forbidden,
      404: noReceipt,
    },
  }),
}

/** Billing history and receipts: what the company bought, for owners and admins. */
export function billingRoutes(deps: AppDeps, app: OpenAPIHono<ApiEnv>) {
  const { db } = deps.database
  const receiptOf = async (principal: Principal, id: string): Promise<Receipt> => {
    requireBillingRole(principal)
    const lookup = await findReceipt(db, principal.companyId, id)
    if (lookup.found) return lookup.receipt
    if (lookup.reason === "missing")
      throw new ApiError(404, "not_found", "No such payment in your company.")
    throw new ApiError(404, "not_found", NOT_PAID[lookup.status])
  }

  app.openapi(routes.list, async (c) => {
    requireBillingRole(c.var.principal)
    const page = c.req.valid("query")
    const { payments, total } = await listBillingPayments(db, c.var.principal.companyId, page)
    return c.json({ payments, total, offset: page.offset, limit: page.limit }, 200)
  })
  app.openapi(routes.receipt, async (c) =>
    c.json(await receiptOf(c.var.principal, c.req.valid("param").id), 200),
  )
  app.openapi(routes.receiptPdf, async (c) => {
    const receipt = await receiptOf(c.var.principal, c.req.valid("param").id)
    const pdf = await renderReceiptPdf(receipt)
    c.header("Content-Type", "application/pdf")
    c.header(
      "Content-Disposition",
      `attachment; filename="nativ-receipt-${receipt.receipt_number}.pdf"`,
    )
    c.header("Cache-Control", "private, no-store")
    return c.body(new Uint8Array(pdf), 200) as never
  })
}

const NOT_PAID = {
  pending: "This payment has not been completed yet: its receipt is issued once it is paid.",
  paid: "This payment is still being credited: its receipt will be ready in a moment.",
  canceled: "This payment was canceled, so it has no receipt.",
} as const

function requireBillingRole(principal: Principal) {
  if (!ROLE_CAN.buyCredits(principal.role))
    throw new ApiError(
      403,
      "forbidden",
      "Only owners and admins can see billing history and receipts. Ask an owner of your company.",
    )
}
