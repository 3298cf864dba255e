/** The Playground reads the same list under ["glossaries", "list"], so both always agree. */
export const glossaryKeys = {
  all: ["glossaries"] as const,
  list: () => ["glossaries", "list"] as const,
  entries: (id: string) => ["glossaries", "entries", id] as const,
}
