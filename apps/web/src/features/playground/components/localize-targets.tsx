import type { Language } from "@nativ/contracts"
import { XIcon } from "lucide-react"
import { Link } from "react-router"

import { Button } from "@/components/ui/button"
import { Label } from "@/components/ui/label"
import { paths } from "@/config/paths"

import { LanguageSelect } from "./language-select"

export const languageLabel = (language: Language) =>
  `${language.language} (${language.language_code})`

/**
 * 'Target languages': the text tab's language select, adding each pick to a list of languages
 * (each removable), so one image can be localized into several at once.
 */
export function LocalizeTargets({
  id,
  languages,
  loading,
  chosen,
  onChange,
  disabled,
}: {
  id: string
  languages: Language[]
  loading: boolean
  chosen: Language[]
  onChange: (chosen: Language[]) => void
  disabled?: boolean
}) {
  const left = languages.filter((l) => !chosen.some((c) => c.id === l.id))
  const add = (languageId: string) => {
    const language = languages.find((l) => l.id === languageId)
    if (language) onChange([...chosen, language])
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Target languages</Label>
      <LanguageSelect
        id={id}
        value=""
        onChange={add}
        languages={left}
        loading={loading}
        disabled={disabled || (!loading && left.length === 0)}
        describedBy={`${id}-hint`}
      />
      {chosen.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Chosen languages">
          {chosen.map((language) => (
            <li
              key={language.id}
              className="flex items-center gap-1 rounded-md bg-secondary py-0.5 pr-0.5 pl-2 text-sm text-secondary-foreground"
            >
              {languageLabel(language)}
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="h-6 px-1.5"
                disabled={disabled}
                aria-label={`Remove ${languageLabel(language)}`}
                onClick={() => onChange(chosen.filter((c) => c.id !== language.id))}
              >
                <XIcon aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {!loading && languages.length === 0 ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          No languages yet.{" "}
          <Link
            to={`${paths.settings}?tab=languages`}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Add languages in Settings
          </Link>
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          Choose one or more; each language gives its own image.
        </p>
      )}
    </div>
  )
}
