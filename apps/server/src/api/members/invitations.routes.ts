import { createRoute, type OpenAPIHono } from "@hono/zod-openapi"
import { declinedInvitationSchema, declineInvitationInputSchema } from "@nativ/contracts"

import type { AppDeps } from "../../deps"
import type { ApiEnv } from "../authenticate"
import { errorResponse } from "../openapi-parts"
import { declineInvitation } from "./invite-into-company"

const declineRoute = createRoute({
  method: "post",
  path: "/invitations/decline",
  tags: ["Members"],
  summary: "Decline a pending invitation with the token from its email (no sign-in)",
  description:
    "The token can only decline: the invited address is released and the inviting company's activity log records `member.declined`. An accepted, declined or withdrawn invitation answers 404.",
  request: {
    body: {
      required: true,
      content: { "application/json": { schema: declineInvitationInputSchema } },
    },
  },
  responses: {
    200: {
      description: "Declined",
      content: { "application/json": { schema: declinedInvitationSchema } },
    },
    400: errorResponse("Missing or malformed token"),
    404: errorResponse("No open invitation has this token"),
  },
})

/** /api/v1/invitations: what an invitee can do without an account. */
export function invitationsRoutes(deps: AppDeps, app: OpenAPIHono<ApiEnv>) {
  app.openapi(declineRoute, async (c) => {
    const { token } = c.req.valid("json")
    return c.json(await declineInvitation(deps, token), 200)
  })
}
