import { PlusIcon } from "lucide-react"

import { PageHeader } from "@/components/layout/page-header"
import { Button } from "@/components/ui/button"
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"

import { CreateGlossaryDialog } from "./components/create-glossary-dialog"
import { GlossaryList } from "./components/glossary-list"

/**
 * Glossaries: the company's stored term lists, each applied to a culturalization by choosing it
 * in the Playground or sending its id as glossary_id. Every member may create and change them, as
 * the API allows.
 */
export function GlossariesPage() {
  return (
    <>
      <PageHeader
        title="Glossaries"
        description="Terms your company always translates the same way, stored once and applied to any culturalization."
      />
      <Card>
        <CardHeader className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle>Your glossaries</CardTitle>
            <CardDescription>
              CSV or TSV files with the header row source,target; up to 5,000 entries each.
            </CardDescription>
          </div>
          <CreateGlossaryDialog
            trigger={
              <Button>
                <PlusIcon aria-hidden="true" />
                New glossary
              </Button>
            }
          />
        </CardHeader>
        <CardContent>
          <GlossaryList />
        </CardContent>
      </Card>
    </>
  )
}
