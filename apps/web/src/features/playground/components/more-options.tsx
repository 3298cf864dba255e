import {
  CONTEXT_MAX,
  type Formality,
  FORMALITY_LABELS,
  FORMALITY_LEVELS,
  MAX_CHARACTERS_LIMIT,
} from "@nativ/contracts"
import { ChevronDownIcon } from "lucide-react"
import * as React from "react"
import { Controller, type UseFormReturn, useWatch } from "react-hook-form"

import { Button } from "@/components/ui/button"
import { FormField } from "@/components/ui/form-field"
import { Label } from "@/components/ui/label"
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select"
import { Textarea } from "@/components/ui/textarea"
import { useRuntimeConfig } from "@/config/runtime-config"
import { cn } from "@/lib/utils"

import { LANGUAGE_DEFAULT, type PlaygroundFormValues } from "../lib/playground-options"
import { CharacterCount } from "./character-count"

/** Beside an option that the offline engine cannot honour: it keeps the words as written. */
export const IGNORED_OFFLINE = "Ignored here: this server keeps the words as written."

/**
 * 'More options', collapsed until opened: formality, context, a length limit and back-translation.
 * The fields stay mounted while closed, so what was set is kept and still sent. With the offline
 * engine, the options it ignores (and the company's style) say so beside them.
 */
export function MoreOptions({
  form,
  open,
  onOpenChange,
  languageFormality,
}: {
  form: UseFormReturn<PlaygroundFormValues>
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The chosen language's own formality, named in 'Language default'. */
  languageFormality: Formality | null
}) {
  const id = React.useId()
  const context = useWatch({ control: form.control, name: "options.context" })
  const errors = form.formState.errors.options
  const offline = useRuntimeConfig().engine?.kind === "offline"
  const ignored = (field: string) =>
    offline ? (
      <p id={`${id}-${field}-ignored`} className="text-xs text-muted-foreground">
        {IGNORED_OFFLINE}
      </p>
    ) : null
  return (
    <div className="grid gap-4 rounded-md border">
      <Button
        type="button"
        variant="ghost"
        className="h-10 justify-between rounded-md px-3"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => onOpenChange(!open)}
      >
        More options
        <ChevronDownIcon
          aria-hidden="true"
          className={cn("transition-transform", open && "rotate-180")}
        />
      </Button>
      <div id={`${id}-panel`} hidden={!open} className="grid gap-5 px-3 pb-4">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-formality`}>Formality</Label>
          <Controller
            control={form.control}
            name="options.formality"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger
                  id={`${id}-formality`}
                  aria-describedby={offline ? `${id}-formality-ignored` : undefined}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={LANGUAGE_DEFAULT}>
                    {languageFormality
                      ? `Language default (${FORMALITY_LABELS[languageFormality]})`
                      : "Language default"}
                  </SelectItem>
                  {FORMALITY_LEVELS.map((level) => (
                    <SelectItem key={level} value={level}>
                      {FORMALITY_LABELS[level]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          {ignored("formality")}
        </div>
        <div className="grid gap-2">
          <div className="flex items-baseline justify-between gap-2">
            <Label htmlFor={`${id}-context`}>Context</Label>
            <CharacterCount id={`${id}-context-count`} count={context.length} max={CONTEXT_MAX} />
          </div>
          <Textarea
            id={`${id}-context`}
            rows={3}
            maxLength={CONTEXT_MAX}
            placeholder="e.g. A button on the checkout page"
            aria-describedby={`${id}-context-hint ${id}-context-count${offline ? ` ${id}-context-ignored` : ""}`}
            {...form.register("options.context")}
          />
          <p id={`${id}-context-hint`} className="text-xs text-muted-foreground">
            What the text is and where it appears. Guides the wording; not charged.
          </p>
          {ignored("context")}
        </div>
        <FormField
          label="Max characters"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_CHARACTERS_LIMIT}
          step={1}
          placeholder="No limit"
          error={errors?.maxCharacters?.message}
          {...form.register("options.maxCharacters")}
        />
        <div className="flex items-start gap-3">
          <input
            id={`${id}-backtranslate`}
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            aria-describedby={`${id}-backtranslate-hint${offline ? ` ${id}-backtranslate-ignored` : ""}`}
            {...form.register("options.backtranslate")}
          />
          <div className="grid gap-1">
            <Label htmlFor={`${id}-backtranslate`}>Back-translate</Label>
            <p id={`${id}-backtranslate-hint`} className="text-xs text-muted-foreground">
              Also translate the result back into English, to check its meaning.
            </p>
            {ignored("backtranslate")}
          </div>
        </div>
        {offline && (
          <p className="text-xs text-muted-foreground">
            Your style guides, brand voice and language styles are ignored here too.
          </p>
        )}
      </div>
    </div>
  )
}
