import * as React from "react"

import { FormField } from "@/components/ui/form-field"
import { useUserLanguages } from "@/hooks/use-user-languages"

/** 'Language code' (e.g. DE, pt-BR), suggesting the company's languages from Settings. */
export function LanguageCodeField(props: React.ComponentProps<typeof FormField>) {
  const listId = React.useId()
  const languages = useUserLanguages().data ?? []
  return (
    <>
      <FormField
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={35}
        placeholder="e.g. DE"
        list={languages.length ? listId : undefined}
        {...props}
      />
      {languages.length > 0 && (
        <datalist id={listId}>
          {languages.map((l) => (
            // Two languages may share a name (French FR, French FR-CA): the code tells them apart.
            <option key={l.id} value={l.language_code}>
              {`${l.language} (${l.language_code})`}
            </option>
          ))}
        </datalist>
      )}
    </>
  )
}
