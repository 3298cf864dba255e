import type { Language } from "@nativ/contracts"

import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select"

/** 'Target Language': the account's languages as 'Name (CODE)'. */
export function LanguageSelect({
  id,
  value,
  onChange,
  languages,
  loading,
  invalid,
  describedBy,
  disabled,
}: {
  id: string
  value: string
  onChange: (id: string) => void
  languages: Language[]
  loading: boolean
  invalid?: boolean
  describedBy?: string
  disabled?: boolean
}) {
  return (
    <Select value={value} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger
        id={id}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className="w-full"
      >
        <SelectValue placeholder={loading ? "Loading languages..." : "Select a language"} />
      </SelectTrigger>
      <SelectContent>
        {languages.map((language) => (
          <SelectItem key={language.id} value={language.id}>
            {`${language.language} (${language.language_code})`}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  )
}
