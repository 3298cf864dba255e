import { CheckCircle2Icon, ChevronRightIcon, CircleIcon, XIcon } from "lucide-react"
import { Link } from "react-router"

import { Button } from "@/components/ui/button"
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"
import { cn } from "@/lib/utils"

import { useFirstSteps } from "../hooks/use-first-steps"

/**
 * "Get started": the first steps of a new company, each linking to where it is done; hidden once
 * all are done or when dismissed (docs/product.md#dashboard).
 */
export function FirstStepsCard() {
  const { steps, dismiss } = useFirstSteps()
  if (!steps) return null
  const done = steps.filter((step) => step.done).length
  return (
    <Card role="region" aria-labelledby="first-steps-title" className="mb-4 gap-4 md:mb-6">
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle id="first-steps-title">Get started</CardTitle>
          <CardDescription>
            {done} of {steps.length} done. This card goes away once all are done.
          </CardDescription>
        </div>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="-mt-1 -mr-2 shrink-0"
          aria-label="Dismiss Get started"
          onClick={dismiss}
        >
          <XIcon aria-hidden="true" />
        </Button>
      </CardHeader>
      <ul className="-mt-2 grid gap-1 px-3 sm:grid-cols-2 sm:px-4 lg:grid-cols-5">
        {steps.map((step) => (
          <li key={step.id}>
            <Link
              to={step.to}
              data-done={step.done}
              className={cn(
                "flex items-center gap-2 rounded-md px-3 py-2 text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
                step.done ? "text-muted-foreground" : "font-medium",
              )}
            >
              {step.done ? (
                <CheckCircle2Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
              ) : (
                <CircleIcon className="size-4 shrink-0" aria-hidden="true" />
              )}
              <span className={cn("min-w-0 flex-1", step.done && "line-through")}>
                {step.title}
              </span>
              <span className="sr-only">{step.done ? " (done)" : " (to do)"}</span>
              {!step.done && <ChevronRightIcon className="size-4 shrink-0" aria-hidden="true" />}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  )
}
