import type { TokenStorage } from "@nativ/plugin-core"

import type { UxpModule } from "./host"

/**
 * The core's token storage on UXP's secureStorage (encrypted with the user's OS account). UXP
 * hands values back as bytes; a missing key may reject or resolve empty, depending on the version.
 */
export function secureTokenStorage(uxp: UxpModule): TokenStorage {
  const { secureStorage } = uxp.storage
  return {
    get: async (key) => {
      try {
        const bytes = await secureStorage.getItem(key)
        return bytes && bytes.length ? new TextDecoder().decode(bytes) : undefined
      } catch {
        return undefined
      }
    },
    set: (key, value) => secureStorage.setItem(key, value),
    delete: async (key) => {
      try {
        await secureStorage.removeItem(key)
      } catch {
        // Nothing was stored under the key: already forgotten.
      }
    },
  }
}
