import {
  GLOSSARIES_MAX,
  type Glossary,
  type GlossaryPair,
  type glossaryCreateSchema,
  type glossaryUpdateSchema,
} from "@nativ/contracts"
import type { z } from "zod"

import { recordAuditEvent } from "../../audit/record"
import type { Db } from "../../db/schema"
import { ApiError } from "../api-error"
import type { Principal } from "../authenticate"
import {
  countGlossaries,
  createGlossary,
  deleteGlossary,
  findGlossary,
  updateGlossary,
} from "./glossaries.repo"
import { refuseTakenName } from "./glossary-name-taken"
import { noSuchGlossary } from "./no-such-glossary"

/*
 * Each change and its activity-log event commit in one transaction: the log never names a change
 * that was rolled back, and a change never goes unrecorded.
 */

const event = (principal: Principal, glossary: Glossary) => ({
  companyId: principal.companyId,
  actorId: principal.authUserId,
  target: glossary.name,
})

export function createGlossaryHandler(
  db: Db,
  principal: Principal,
  input: z.output<typeof glossaryCreateSchema>,
) {
  return refuseTakenName(input.name, () =>
    db.transaction().execute(async (trx) => {
      if ((await countGlossaries(trx, principal.companyId)) >= GLOSSARIES_MAX)
        throw new ApiError(
          400,
          "invalid_request",
          `A company can have at most ${GLOSSARIES_MAX} glossaries. Delete one first.`,
        )
      const created = await createGlossary(trx, principal.companyId, input)
      await recordAuditEvent(trx, {
        ...event(principal, created),
        action: "glossary.created",
        details: {
          glossary_id: created.id,
          language_code: created.language_code,
          entry_count: created.entry_count,
        },
      })
      return created
    }),
  )
}

export function updateGlossaryHandler(
  db: Db,
  principal: Principal,
  id: string,
  change: z.output<typeof glossaryUpdateSchema>,
) {
  return refuseTakenName(change.name, () =>
    db.transaction().execute(async (trx) => {
      const before = await findGlossary(trx, principal.companyId, id)
      const saved = await updateGlossary(trx, principal.companyId, id, change)
      if (!before || !saved) throw noSuchGlossary()
      await recordAuditEvent(trx, {
        ...event(principal, saved),
        action: "glossary.updated",
        details: {
          glossary_id: saved.id,
          ...(before.name !== saved.name ? { previous_name: before.name } : {}),
          ...(before.language_code !== saved.language_code
            ? { language_code: saved.language_code, previous_language_code: before.language_code }
            : {}),
        },
      })
      return saved
    }),
  )
}

export function deleteGlossaryHandler(db: Db, principal: Principal, id: string) {
  return db.transaction().execute(async (trx) => {
    const name = await deleteGlossary(trx, principal.companyId, id)
    if (name === null) throw noSuchGlossary()
    await recordAuditEvent(trx, {
      companyId: principal.companyId,
      actorId: principal.authUserId,
      target: name,
      action: "glossary.deleted",
      details: { glossary_id: id },
    })
  })
}

export function replaceEntriesHandler(
  db: Db,
  principal: Principal,
  id: string,
  entries: GlossaryPair[],
) {
  return db.transaction().execute(async (trx) => {
    const saved = await updateGlossary(trx, principal.companyId, id, { entries })
    if (!saved) throw noSuchGlossary()
    await recordAuditEvent(trx, {
      ...event(principal, saved),
      action: "glossary.entries_changed",
      details: { glossary_id: saved.id, entry_count: saved.entry_count },
    })
    return saved
  })
}
