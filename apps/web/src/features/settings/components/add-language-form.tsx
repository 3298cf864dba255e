import { zodResolver } from "@hookform/resolvers/zod"
import { useForm, useWatch } from "react-hook-form"
import { toast } from "sonner"
import type { z } from "zod"

import { Button } from "@/components/ui/button"
import { FormField } from "@/components/ui/form-field"
import { useCompany } from "@/hooks/use-company"
import {
  addLanguageInputSchema,
  useAddLanguage,
  useUserLanguages,
  VALIDATION_MESSAGE,
} from "@/hooks/use-user-languages"
import { showError, UserFacingError } from "@/lib/errors"

import { languageCodeProblem } from "../lib/language-code-rules"
import { LanguageNameCombobox } from "./language-name-combobox"

const formSchema = addLanguageInputSchema.pick({ language: true, languageCode: true })
type FormValues = z.input<typeof formSchema>
const empty: FormValues = { language: "", languageCode: "" }

const refuse = (message: string) =>
  showError("Validation Error", new UserFacingError("Validation Error", message))

/**
 * 'Add New Language': name and code (upper-case, at most 5 characters), both trimmed. The name
 * suggests CLDR's languages and fills the code; the code must be a well-formed language tag the
 * list does not hold yet, said under the field as it is typed (a 6th character is refused, not cut).
 */
export function AddLanguageForm() {
  const { companyId } = useCompany()
  const form = useForm({ resolver: zodResolver(formSchema), defaultValues: empty })
  const [language, code] = useWatch({ control: form.control, name: ["language", "languageCode"] })
  const add = useAddLanguage()
  const existing = useUserLanguages().data ?? []
  const codeProblem = languageCodeProblem(
    code,
    existing.map((l) => l.language_code),
  )

  const submit = form.handleSubmit(
    (values) => {
      if (!companyId) return refuse(VALIDATION_MESSAGE)
      if (codeProblem) return form.setFocus("languageCode")
      add.mutate(
        { userId: companyId, ...values },
        {
          onSuccess: () => {
            form.reset(empty)
            toast.success("Success", { description: "Language added successfully" })
          },
        },
      )
    },
    (errors) =>
      refuse(errors.language?.message ?? errors.languageCode?.message ?? VALIDATION_MESSAGE),
  )

  const codeField = form.register("languageCode")
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 rounded-lg border p-4">
      <h3 className="font-semibold">Add New Language</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <LanguageNameCombobox
          label="Language Name *"
          placeholder="e.g. French, Spanish, German"
          required
          value={language}
          onChange={(value) => form.setValue("language", value, { shouldDirty: true })}
          onPick={(suggestion) => {
            form.setValue("language", suggestion.name, { shouldDirty: true })
            form.setValue("languageCode", suggestion.code, { shouldDirty: true })
          }}
        />
        <FormField
          label="Language Code *"
          placeholder="e.g. FR, ES, DE"
          autoComplete="off"
          error={codeProblem ?? undefined}
          className="uppercase placeholder:normal-case"
          required
          {...codeField}
          onChange={(event) => {
            event.target.value = event.target.value.toUpperCase()
            return codeField.onChange(event)
          }}
        />
      </div>
      <Button
        type="submit"
        className="justify-self-start"
        disabled={!language.trim() || !code.trim() || !!codeProblem || add.isPending}
      >
        {add.isPending ? "Adding..." : "Add Language"}
      </Button>
    </form>
  )
}
