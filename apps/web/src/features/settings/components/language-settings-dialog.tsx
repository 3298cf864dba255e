import { zodResolver } from "@hookform/resolvers/zod"
import {
  CUSTOM_STYLE_MAX,
  FORMALITY_LABELS,
  FORMALITY_LEVELS,
  type Language,
  languageCustomStyleUpdateSchema,
} from "@nativ/contracts"
import { PencilIcon } from "lucide-react"
import * as React from "react"
import { Controller, useForm, useWatch } from "react-hook-form"
import { toast } from "sonner"
import { z } from "zod"

import { Button } from "@/components/ui/button"
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog"
import { Label } from "@/components/ui/label"
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select"
import { Textarea } from "@/components/ui/textarea"
import { useSaveLanguageSettings } from "@/hooks/use-user-languages"

import { CharacterCount } from "./character-count"

/** Radix's select cannot hold an empty value: "default" stands for none. */
const DEFAULT = "default"

const formSchema = z.object({
  formality: z.enum([DEFAULT, ...FORMALITY_LEVELS]),
  custom_style: languageCustomStyleUpdateSchema.shape.custom_style,
})
type FormValues = z.input<typeof formSchema>

/**
 * The pencil in a language's row: its formality and custom style, in a dialog. `name` is how the
 * row names the language (with its code when another has the same name).
 */
export function LanguageSettingsDialog({
  language,
  name = language.language,
}: {
  language: Language
  name?: string
}) {
  const [open, setOpen] = React.useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Edit ${name}`}>
          <PencilIcon aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{`${language.language} (${language.language_code})`}</DialogTitle>
          <DialogDescription>
            Used for every culturalization into {language.language} unless a request says otherwise.
          </DialogDescription>
        </DialogHeader>
        {open && <SettingsForm language={language} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function SettingsForm({ language, onDone }: { language: Language; onDone: () => void }) {
  const save = useSaveLanguageSettings()
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      formality: language.formality ?? DEFAULT,
      custom_style: language.custom_style ?? "",
    },
  })
  const customStyle = useWatch({ control: form.control, name: "custom_style" }) ?? ""
  const error = form.formState.errors.custom_style?.message
  const ids = { formality: `formality-${language.id}`, style: `custom-style-${language.id}` }

  const submit = form.handleSubmit(({ formality, custom_style }) =>
    save.mutate(
      {
        language,
        next: { formality: formality === DEFAULT ? null : formality, custom_style },
      },
      {
        onSuccess: () => {
          toast.success("Success", { description: "Language settings saved" })
          onDone()
        },
      },
    ),
  )

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <div className="grid gap-2">
        <Label htmlFor={ids.formality}>Formality</Label>
        <Controller
          control={form.control}
          name="formality"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger id={ids.formality} aria-describedby={`${ids.formality}-hint`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={DEFAULT}>Default</SelectItem>
                {FORMALITY_LEVELS.map((level) => (
                  <SelectItem key={level} value={level}>
                    {FORMALITY_LABELS[level]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        <p id={`${ids.formality}-hint`} className="text-xs text-muted-foreground">
          Default leaves the tone to the engine.
        </p>
      </div>
      <div className="grid gap-2">
        <div className="flex items-baseline justify-between gap-2">
          <Label htmlFor={ids.style}>Custom style</Label>
          <CharacterCount
            id={`${ids.style}-count`}
            count={customStyle.length}
            max={CUSTOM_STYLE_MAX}
          />
        </div>
        <Textarea
          id={ids.style}
          rows={5}
          maxLength={CUSTOM_STYLE_MAX}
          placeholder="e.g. Use the informal du; keep English product names."
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${ids.style}-count`, error ? `${ids.style}-error` : ""]
            .filter(Boolean)
            .join(" ")}
          {...form.register("custom_style")}
        />
        {error && (
          <p id={`${ids.style}-error`} className="text-sm text-destructive dark:text-red-400">
            {error}
          </p>
        )}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save"}
        </Button>
      </DialogFooter>
    </form>
  )
}
