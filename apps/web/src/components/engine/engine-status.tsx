import { InfoIcon } from "lucide-react"

import type { RuntimeEngine } from "@/config/runtime-config"
import { cn } from "@/lib/utils"

const PROVIDERS: Record<Exclude<RuntimeEngine["kind"], "offline">, string> = {
  openai: "an OpenAI-compatible service",
  anthropic: "Anthropic",
}

/** What the engine does to a text, in one plain sentence. */
export function engineSentence(engine: RuntimeEngine): string {
  if (engine.kind === "offline")
    return "This server has no translation model: Nativ keeps your words as written and adapts only numbers, dates, units and quotation marks (and applies your glossary)."
  const model = engine.model ? `the model ${engine.model}` : "a model"
  return `Texts are translated and adapted by ${model} from ${PROVIDERS[engine.kind]}.`
}

/** What an owner or admin asks the person who runs the server, when the words are not translated. */
export const ASK_THE_OPERATOR =
  "To have the words translated, ask whoever runs your Nativ server to connect a translation model: they set ENGINE (openai or anthropic), ENGINE_MODEL and the provider's key, ENGINE_API_KEY, and restart it."

/**
 * The engine's sentence, and for those who can act on it (owners and admins) what to ask for.
 * Nothing when the server does not say which engine it runs.
 */
export function EngineStatus({
  engine,
  canAsk,
  className,
}: {
  engine: RuntimeEngine | null
  canAsk: boolean
  className?: string
}) {
  if (!engine) return null
  return (
    <div
      data-slot="engine-status"
      data-testid="engine-status"
      className={cn(
        "flex gap-2 rounded-md bg-accent p-3 text-sm text-accent-foreground",
        className,
      )}
    >
      <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="grid gap-1">
        <p>{engineSentence(engine)}</p>
        {engine.kind === "offline" && canAsk && <p>{ASK_THE_OPERATOR}</p>}
      </div>
    </div>
  )
}
