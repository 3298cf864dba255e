import { type GlossaryEntry, parseGlossaryCsv } from "@nativ/contracts"

import { UserFacingError } from "@/lib/errors"

/** CSV only: by MIME type or by the .csv ending (browsers disagree on the type of CSV files). */
export function isCsvFile(file: Pick<File, "name" | "type">) {
  return file.type === "text/csv" || file.name.toLowerCase().endsWith(".csv")
}

export type Glossary = { fileName: string; entries: GlossaryEntry[] }

/** Reads and parses a chosen glossary file, refusing anything that is not a usable CSV. */
export async function readGlossaryFile(file: File): Promise<Glossary> {
  if (!isCsvFile(file)) throw new UserFacingError("Invalid file type", "Please upload a CSV file")
  try {
    return { fileName: file.name, entries: parseGlossaryCsv(await file.text()) }
  } catch (error) {
    throw new UserFacingError("Invalid glossary", (error as Error).message)
  }
}
