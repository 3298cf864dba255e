/**
 * Where a plugin keeps its connection between sessions. Each host implements it with its own
 * store: Figma's `figma.clientStorage`, UXP's `secureStorage`. Values are JSON-safe strings.
 */
export type TokenStorage = {
  get(key: string): Promise<string | undefined>
  set(key: string, value: string): Promise<void>
  delete(key: string): Promise<void>
}

/** A storage kept in memory only: for tests, and for hosts that give none. */
export function memoryStorage(initial: Record<string, string> = {}): TokenStorage {
  const values = new Map(Object.entries(initial))
  return {
    get: async (key) => values.get(key),
    set: async (key, value) => void values.set(key, value),
    delete: async (key) => void values.delete(key),
  }
}
