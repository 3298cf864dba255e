import { ROLE_CAN } from "@nativ/contracts/roles"
import { CircleAlertIcon } from "lucide-react"
import { Link } from "react-router"

import { paths } from "@/config/paths"
import { useMembership } from "@/hooks/use-end-user"
import { ApiError } from "@/lib/api-client"
import { errorMessage } from "@/lib/errors"

/**
 * A failed call, shown where its result would be: the server's message; for 402 (not enough
 * credits) a way to buy them, or whom to ask for a member who may not.
 */
export function PanelError({ error }: { error: unknown }) {
  const role = useMembership().membership?.role
  const canBuy = role ? ROLE_CAN.buyCredits(role) : false
  const noCredits = error instanceof ApiError && error.status === 402
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive dark:border-red-400/40 dark:bg-red-950/30 dark:text-red-300"
    >
      <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0 break-words">
        {errorMessage(error)}
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
    </div>
  )
}
