import { UploadIcon } from "lucide-react"
import * as React from "react"

import { Button } from "@/components/ui/button"
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog"

import { useImportTmEntries } from "../api/import-tm-entries"
import { ImportCsvForm } from "./import-csv-form"

/** 'Import CSV': a dialog that reads a file in the browser and adds its rows; it stays open while adding. */
export function ImportCsvDialog() {
  const [open, setOpen] = React.useState(false)
  const importer = useImportTmEntries()
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (importer.isPending) return
        setOpen(next)
        if (!next) importer.reset()
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <UploadIcon aria-hidden="true" />
          Import CSV
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Import CSV</DialogTitle>
          <DialogDescription>
            A header row with source and target, then one text and its translation per row. Optional
            columns: source_language, target_language and name (a label).
          </DialogDescription>
        </DialogHeader>
        <ImportCsvForm importer={importer} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  )
}
