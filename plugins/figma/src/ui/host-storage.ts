import type { TokenStorage } from "@nativ/plugin-core"

import type { MainHandlers } from "../protocol"

/** The connection kept in `figma.clientStorage` (per user and plugin), reached through the main code. */
export function clientStorage(main: MainHandlers): TokenStorage {
  return {
    get: (key) => main.storageGet(key),
    set: (key, value) => main.storageSet(key, value),
    delete: (key) => main.storageDelete(key),
  }
}
