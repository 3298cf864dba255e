import { paths } from "@/config/paths"

export type FirstStepId = "language" | "credits" | "playground" | "api-key" | "plugin"

export type FirstStep = { id: FirstStepId; title: string; to: string; done: boolean }

/** What is known of the company's first steps; undefined while a signal is still being read. */
export type FirstStepSignals = {
  languages: number | undefined
  /** The balance, or null when it could not be read. */
  balance: number | null | undefined
  creditsReceived: boolean | undefined
  playgroundRuns: number | undefined
  apiKeys: number | undefined
  pluginsVisited: boolean
}

/**
 * The steps a person can take themselves, in the order a new company meets them. Adding a language
 * and buying credits are for owners and admins; a member does not see them, since a step they
 * cannot act on would stay on their card as a dead end (the Playground says whom to ask).
 * Returns null while any signal is unknown, so the card never shows a step as undone by mistake.
 */
export function firstSteps(
  signals: FirstStepSignals,
  can: { manageLanguages: boolean; buyCredits: boolean },
): FirstStep[] | null {
  const { languages, balance, creditsReceived, playgroundRuns, apiKeys } = signals
  if (
    languages === undefined ||
    balance === undefined ||
    creditsReceived === undefined ||
    playgroundRuns === undefined ||
    apiKeys === undefined
  )
    return null
  const steps: (FirstStep | false)[] = [
    can.manageLanguages && {
      id: "language",
      title: "Add a language",
      to: `${paths.settings}?tab=languages`,
      done: languages > 0,
    },
    can.buyCredits && {
      id: "credits",
      title: "Get credits",
      to: paths.credits,
      done: (balance ?? 0) > 0 || creditsReceived,
    },
    {
      id: "playground",
      title: "Try the Playground",
      to: paths.playground,
      done: playgroundRuns > 0,
    },
    { id: "api-key", title: "Create an API key", to: paths.apiKeys, done: apiKeys > 0 },
    { id: "plugin", title: "Get a plugin", to: paths.plugins, done: signals.pluginsVisited },
  ]
  return steps.filter((step) => step !== false)
}

/** The card shows while a step is undone, unless dismissed or once completed. */
export function showFirstSteps(
  steps: FirstStep[] | null,
  { dismissed, completed }: { dismissed: boolean; completed: boolean },
): steps is FirstStep[] {
  return steps !== null && !dismissed && !completed && steps.some((step) => !step.done)
}
