import { GLOSSARY_NAME_MAX } from "@nativ/contracts"

/** A chosen file's name as a glossary's name: without its extension, within the name limit. */
export function glossaryNameFromFile(fileName: string) {
  const name = fileName.replace(/\.[^.]+$/, "").trim() || fileName.trim() || "Glossary"
  return name.slice(0, GLOSSARY_NAME_MAX)
}
