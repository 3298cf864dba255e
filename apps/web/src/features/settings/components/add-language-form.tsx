import { zodResolver } from "@hookform/resolvers/zod"
import { LANGUAGE_CODE_MAX } from "@nativ/contracts"
import { useForm, useWatch } from "react-hook-form"
import { toast } from "sonner"
import type { z } from "zod"

import { Button } from "@/components/ui/button"
import { FormField } from "@/components/ui/form-field"
import { useCompany } from "@/hooks/use-company"
import {
  addLanguageInputSchema,
  useAddLanguage,
  VALIDATION_MESSAGE,
} from "@/hooks/use-user-languages"
import { showError, UserFacingError } from "@/lib/errors"

const formSchema = addLanguageInputSchema.pick({ language: true, languageCode: true })
type FormValues = z.input<typeof formSchema>
const empty: FormValues = { language: "", languageCode: "" }

const refuse = (message: string) =>
  showError("Validation Error", new UserFacingError("Validation Error", message))

/** 'Add New Language': name and code (upper-case, at most 5 characters), both trimmed. */
export function AddLanguageForm() {
  const { companyId } = useCompany()
  const form = useForm({ resolver: zodResolver(formSchema), defaultValues: empty })
  const [language, code] = useWatch({ control: form.control, name: ["language", "languageCode"] })
  const add = useAddLanguage()

  const submit = form.handleSubmit(
    (values) => {
      if (!companyId) return refuse(VALIDATION_MESSAGE)
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
        <FormField
          label="Language Name *"
          placeholder="e.g. French, Spanish, German"
          autoComplete="off"
          required
          {...form.register("language")}
        />
        <FormField
          label="Language Code *"
          placeholder="e.g. FR, ES, DE"
          maxLength={LANGUAGE_CODE_MAX}
          autoComplete="off"
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
        disabled={!language.trim() || !code.trim() || add.isPending}
      >
        {add.isPending ? "Adding..." : "Add Language"}
      </Button>
    </form>
  )
}
