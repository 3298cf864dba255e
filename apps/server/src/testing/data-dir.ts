import { cpSync, mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

import { inject } from "vitest"

/**
 * A new PGlite data directory for a server process. On the PGlite run it is a copy of the migrated
 * directory the global setup made once: an empty one costs each server ~6 s of CPU to initialise
 * and migrate at start-up, which a test about crashes, locks or signals does not exercise. Tests
 * of the first start itself take an empty directory (`mkdtempSync`) instead.
 */
export function migratedDataDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  const template = inject("pgliteDataDir")
  if (template) cpSync(template, dir, { recursive: true })
  return dir
}
