import { useQuery } from "@tanstack/react-query"
import * as React from "react"

import { useCompany } from "@/hooks/use-company"
import { useUserLanguages } from "@/hooks/use-user-languages"
import { balanceQuery } from "@/lib/auth/balance"
import { markFirstStep, readFirstStep } from "@/lib/first-steps"

import {
  useApiKeyCount,
  useCreditsReceived,
  usePlaygroundRuns,
} from "../api/get-first-step-signals"
import { firstSteps, showFirstSteps } from "../lib/first-steps"

/**
 * The first-steps checklist of the signed-in company: its steps (null while any is unknown),
 * whether the card shows, and how to dismiss it. Dismissing and completing are remembered per
 * company in this browser.
 */
export function useFirstSteps() {
  const company = useCompany()
  const companyId = company.companyId
  const languages = useUserLanguages()
  const balance = useQuery(balanceQuery(companyId))
  const creditsReceived = useCreditsReceived(companyId)
  const playgroundRuns = usePlaygroundRuns(companyId)
  const apiKeys = useApiKeyCount()
  const [dismissed, setDismissed] = React.useState(false)

  const remembered = (flag: "plugins-visited" | "dismissed" | "completed") =>
    companyId ? readFirstStep(companyId, flag) : false
  const steps = company.role
    ? firstSteps(
        {
          languages: languages.data?.length,
          balance: balance.isPending ? undefined : balance.isError ? null : balance.data,
          creditsReceived: creditsReceived.data,
          playgroundRuns: playgroundRuns.data,
          apiKeys: apiKeys.data,
          pluginsVisited: remembered("plugins-visited"),
        },
        { manageLanguages: company.can("manageLanguages"), buyCredits: company.can("buyCredits") },
      )
    : null
  const allDone = steps !== null && steps.every((step) => step.done)

  React.useEffect(() => {
    if (allDone && companyId) markFirstStep(companyId, "completed")
  }, [allDone, companyId])

  const visible = showFirstSteps(steps, {
    dismissed: dismissed || remembered("dismissed"),
    completed: remembered("completed"),
  })
  const dismiss = () => {
    if (companyId) markFirstStep(companyId, "dismissed")
    setDismissed(true)
  }
  return { steps: visible ? steps : null, dismiss }
}
