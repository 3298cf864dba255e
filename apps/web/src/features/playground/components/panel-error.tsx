import { ROLE_CAN } from "@nativ/contracts/roles"
import { CircleAlertIcon } from "lucide-react"
import type * as React from "react"
import { Link } from "react-router"

import { paths } from "@/config/paths"
import { useMembership } from "@/hooks/use-end-user"
import { ApiError } from "@/lib/api-client"
import { errorMessage } from "@/lib/errors"

/**
 * A failed call, shown where its result would be: the server's message; for 402 (not enough
 * credits) a way to buy them, or whom to ask for a member who may not. The Text tab adds a title
 * and what to do (./run-error.tsx).
 */
export function PanelError({
  error,
  title,
  message,
  children,
}: {
  error: unknown
  /** A heading above the message, e.g. "Not enough credits". */
  title?: string
  /** Replaces the error's own message. */
  message?: string
  /** Further lines under the message: what was charged, what to do. */
  children?: React.ReactNode
}) {
  const role = useMembership().membership?.role
  const canBuy = role ? ROLE_CAN.buyCredits(role) : false
  const noCredits = error instanceof ApiError && error.status === 402
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive dark:border-red-400/40 dark:bg-red-950/30 dark:text-red-300"
    >
      <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="grid min-w-0 gap-1">
        {title && <p className="font-semibold">{title}</p>}
        <p className="break-words">
          {message ?? errorMessage(error)}
          {noCredits &&
            (canBuy ? (
              <>
                {" "}
                <Link
                  to={paths.credits}
                  className="font-medium underline underline-offset-4 hover:no-underline"
                >
                  Buy Credits
                </Link>
              </>
            ) : (
              " Ask an owner or admin to buy credits."
            ))}
        </p>
        {children}
      </div>
    </div>
  )
}
