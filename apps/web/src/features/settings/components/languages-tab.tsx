import { FORMALITY_LABELS, type Language } from "@nativ/contracts"
import { Trash2Icon } from "lucide-react"

import { ConfirmDestructive } from "@/components/ui/confirm-destructive"
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"
import { ErrorState } from "@/components/ui/error-state"
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table"

import { useCompany } from "@/hooks/use-company"
import { useDeleteLanguage, useUserLanguages } from "@/hooks/use-user-languages"
import { cn } from "@/lib/utils"

import { AddLanguageForm } from "./add-language-form"
import { LanguageSettingsDialog } from "./language-settings-dialog"

/**
 * Languages: the company's list with each one's formality and custom style, each editable and
 * deletable, and the form that adds one. Members read the list only (docs/teams.md): no form, no
 * edit or delete buttons.
 */
export function LanguagesTab() {
  const languages = useUserLanguages()
  const company = useCompany()
  // Hidden while the role is being read; shown when there is no company to read it from, so
  // adding says why it cannot.
  const canManage = company.role ? company.can("manageLanguages") : !company.pending
  return (
    <Card>
      <CardHeader>
        <CardTitle>Languages</CardTitle>
        <CardDescription>
          The target languages offered in the Playground and plugins.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {languages.isPending ? (
          <p className="py-6 text-center text-sm text-muted-foreground">Loading languages...</p>
        ) : languages.isError ? (
          <ErrorState
            title="The languages could not be loaded."
            error={languages.error}
            onRetry={() => void languages.refetch()}
            retrying={languages.isFetching}
          />
        ) : !languages.data.length ? (
          <div className="grid gap-1 py-6 text-center">
            <p className="font-medium">No languages added yet</p>
            <p className="text-sm text-muted-foreground">
              {canManage
                ? "Add your first language using the form below."
                : "An owner or admin of your company can add languages."}
            </p>
          </div>
        ) : (
          <LanguagesTable languages={languages.data} canManage={canManage} />
        )}
        {canManage && <AddLanguageForm />}
      </CardContent>
    </Card>
  )
}

function LanguagesTable({ languages, canManage }: { languages: Language[]; canManage: boolean }) {
  const remove = useDeleteLanguage()
  // Two languages of the same name (French FR and FR-CA) are told apart by their code.
  const named = (language: Language) =>
    languages.filter(
      (l) => l.language.trim().toLowerCase() === language.language.trim().toLowerCase(),
    ).length > 1
      ? `${language.language} (${language.language_code})`
      : language.language
  return (
    // min-w-0: a grid item would otherwise widen to the table, and the page with it.
    <div className="min-w-0 rounded-md border">
      <Table aria-label="Languages">
        <TableHeader>
          <TableRow>
            <TableHead>Language</TableHead>
            <TableHead>Code</TableHead>
            <TableHead>Formality</TableHead>
            <TableHead>Custom style</TableHead>
            {canManage && <TableHead className="w-24 text-right">Actions</TableHead>}
          </TableRow>
        </TableHeader>
        <TableBody>
          {languages.map((language) => (
            <TableRow key={language.id}>
              <TableCell className="font-medium">{language.language}</TableCell>
              <TableCell className="font-mono">{language.language_code}</TableCell>
              <TableCell className={cn(!language.formality && "text-muted-foreground")}>
                {language.formality ? FORMALITY_LABELS[language.formality] : "Default"}
              </TableCell>
              <TableCell
                className={cn(
                  "max-w-72 min-w-40 truncate",
                  !language.custom_style && "text-muted-foreground",
                )}
                title={language.custom_style ?? undefined}
              >
                {language.custom_style ?? "None"}
              </TableCell>
              {canManage && (
                <TableCell className="text-right whitespace-nowrap">
                  <LanguageSettingsDialog language={language} name={named(language)} />
                  <ConfirmDestructive
                    label={`Delete ${named(language)}`}
                    icon={<Trash2Icon aria-hidden="true" />}
                    title="Delete language?"
                    description={`${language.language} (${language.language_code}) will no longer be offered in the Playground and plugins, and its formality and custom style are deleted with it. This cannot be undone.`}
                    action="Delete"
                    pendingText="Deleting..."
                    busy={remove.isPending && remove.variables === language.id}
                    onConfirm={() => remove.mutate(language.id)}
                  />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}
