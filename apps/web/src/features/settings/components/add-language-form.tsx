import { LANGUAGE_CODE_MAX } from "@nativ/contracts"
import * as React from "react"
import { toast } from "sonner"

import { Button } from "@/components/ui/button"
import { FormField } from "@/components/ui/form-field"
import { useAuth } from "@/features/auth/auth-provider"
import { showError, UserFacingError } from "@/lib/errors"

import { addLanguageInputSchema, useAddLanguage } from "../api/add-language"

/** 'Add New Language': name and code (upper-case, at most 5 characters), both trimmed. */
export function AddLanguageForm() {
  const { user } = useAuth()
  const [language, setLanguage] = React.useState("")
  const [code, setCode] = React.useState("")
  const add = useAddLanguage()

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    const parsed = addLanguageInputSchema.safeParse({
      userId: user?.id ?? "",
      language,
      languageCode: code,
    })
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? ""
      return showError("Validation Error", new UserFacingError("Validation Error", message))
    }
    add.mutate(parsed.data, {
      onSuccess: () => {
        setLanguage("")
        setCode("")
        toast.success("Success", { description: "Language added successfully" })
      },
    })
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 rounded-lg border p-4">
      <h3 className="font-semibold">Add New Language</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Language Name *"
          placeholder="e.g. French, Spanish, German"
          value={language}
          onChange={(event) => setLanguage(event.target.value)}
          autoComplete="off"
          required
        />
        <FormField
          label="Language Code *"
          placeholder="e.g. FR, ES, DE"
          value={code}
          maxLength={LANGUAGE_CODE_MAX}
          onChange={(event) => setCode(event.target.value.toUpperCase())}
          autoComplete="off"
          className="uppercase placeholder:normal-case"
          required
        />
      </div>
      <Button
        type="submit"
        className="justify-self-start"
        disabled={!language || !code || add.isPending}
      >
        {add.isPending ? "Adding..." : "Add Language"}
      </Button>
    </form>
  )
}
