import { zodResolver } from "@hookform/resolvers/zod"
import type { Language } from "@nativ/contracts"
import * as React from "react"
import { Controller, type FieldErrors, useForm, useWatch } from "react-hook-form"
import { Link } from "react-router"

import { Button } from "@/components/ui/button"
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"
import { Label } from "@/components/ui/label"
import { Textarea } from "@/components/ui/textarea"
import { paths } from "@/config/paths"
import { showError, UserFacingError } from "@/lib/errors"

import type { Glossary } from "../lib/glossary-file"
import {
  defaultOptions,
  type PlaygroundFormValues,
  playgroundFormSchema,
  requestOptions,
  type RequestOptions,
} from "../lib/playground-options"
import { CostEstimate } from "./cost-estimate"
import { EngineNotice } from "./engine-notice"
import { GlossaryPicker } from "./glossary-picker"
import { LanguageSelect } from "./language-select"
import { MoreOptions } from "./more-options"
import { SavedGlossaryField } from "./saved-glossary-field"

type InputValues = PlaygroundFormValues

export type CulturalizeSubmission = {
  text: string
  language: Language
  glossary: Glossary | null
  /** A stored glossary of the company, sent as glossary_id. */
  glossaryId: string | null
  options: RequestOptions
}

const titles = { text: "Text required", languageId: "Language required" } as const

/** A refused submission gets the spec's toast for its first problem (text before language). */
function reportInvalid(errors: FieldErrors<InputValues>) {
  const field = (["text", "languageId"] as const).find((name) => errors[name]?.message)
  if (field) showError(titles[field], new UserFacingError(titles[field], errors[field]!.message!))
}

/** The Input card: text, target language, optional glossary, 'More options' and 'Culturalize'. */
export function CulturalizeForm({
  languages,
  loadingLanguages,
  busy,
  onSubmit,
}: {
  languages: Language[]
  loadingLanguages: boolean
  busy: boolean
  onSubmit: (submission: CulturalizeSubmission) => void
}) {
  const [glossary, setGlossary] = React.useState<Glossary | null>(null)
  const [glossaryId, setGlossaryId] = React.useState<string | null>(null)
  const [optionsOpen, setOptionsOpen] = React.useState(false)
  const form = useForm<InputValues>({
    resolver: zodResolver(playgroundFormSchema),
    defaultValues: { text: "", languageId: "", options: defaultOptions },
  })
  const { errors } = form.formState
  const [text, languageId] = useWatch({ control: form.control, name: ["text", "languageId"] })

  const submit = form.handleSubmit(
    (values) => {
      const language = languages.find((l) => l.id === values.languageId)
      if (!language) {
        form.setError("languageId", { message: "Please select a language" })
        return reportInvalid({
          languageId: { type: "required", message: "Please select a language" },
        })
      }
      onSubmit({
        text: values.text,
        language,
        glossary,
        glossaryId,
        options: requestOptions(values.options),
      })
    },
    (invalid) => {
      // An option's message is shown beside it: make sure it can be seen.
      if (invalid.options) setOptionsOpen(true)
      reportInvalid(invalid)
    },
  )

  return (
    <Card>
      <CardHeader>
        <CardTitle>Input</CardTitle>
        <CardDescription>
          Enter text and choose the language and culture to adapt it to.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-5">
          <EngineNotice />
          <div className="grid gap-2">
            <Label htmlFor="playground-text">Text to Culturalize</Label>
            <Textarea
              id="playground-text"
              rows={6}
              placeholder="Enter the text you want to culturalize..."
              aria-invalid={errors.text ? true : undefined}
              aria-describedby={`${errors.text ? "playground-text-error" : "playground-text-hint"} playground-text-estimate`}
              {...form.register("text")}
              onKeyDown={(event) => {
                if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && !busy) {
                  event.preventDefault()
                  void submit()
                }
              }}
            />
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              {errors.text ? (
                <p
                  id="playground-text-error"
                  className="text-sm text-destructive dark:text-red-400"
                >
                  {errors.text.message}
                </p>
              ) : (
                <p id="playground-text-hint" className="text-xs text-muted-foreground">
                  Press Ctrl+Enter to culturalize.
                </p>
              )}
              <CostEstimate id="playground-text-estimate" text={text} />
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="playground-language">Target Language</Label>
            <Controller
              control={form.control}
              name="languageId"
              render={({ field }) => (
                <LanguageSelect
                  id="playground-language"
                  value={field.value}
                  onChange={field.onChange}
                  languages={languages}
                  loading={loadingLanguages}
                  invalid={Boolean(errors.languageId)}
                  describedBy={errors.languageId ? "playground-language-error" : undefined}
                />
              )}
            />
            {errors.languageId && (
              <p
                id="playground-language-error"
                className="text-sm text-destructive dark:text-red-400"
              >
                {errors.languageId.message}
              </p>
            )}
            {!loadingLanguages && languages.length === 0 && (
              <p className="text-xs text-muted-foreground">
                No languages yet.{" "}
                <Link
                  to={`${paths.settings}?tab=languages`}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  Add languages in Settings
                </Link>
              </p>
            )}
          </div>
          <GlossaryPicker glossary={glossary} onChange={setGlossary} disabled={busy} />
          <SavedGlossaryField
            value={glossaryId}
            onChange={setGlossaryId}
            file={glossary}
            languageCode={languages.find((l) => l.id === languageId)?.language_code ?? null}
            disabled={busy}
          />
          <MoreOptions
            form={form}
            open={optionsOpen}
            onOpenChange={setOptionsOpen}
            languageFormality={languages.find((l) => l.id === languageId)?.formality ?? null}
          />
          <Button type="submit" disabled={busy || !text || !languageId} className="w-full">
            {busy ? "Culturalizing..." : "Culturalize"}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
