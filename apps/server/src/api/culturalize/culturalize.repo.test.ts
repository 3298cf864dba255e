import { randomUUID } from "node:crypto"

import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { InsufficientCreditsError } from "../../billing/ledger"
import { createTestUser } from "../../testing/factories"
import { createTestApp, type TestApp } from "../../testing/test-app"
import { KeyCapReachedError } from "../api-keys/key-usage.repo"
import { type Charge, ClaimLostError, chargeAndRecord } from "./culturalize.repo"

/**
 * nativ.charge_culturalize's refusals, one statement each: whatever refuses a charge (the
 * balance, the key's cap, a reference already charged) leaves the balance, the ledger, the key's
 * month, the operations and the remembered answers exactly as they were.
 */
describe("the charge statement", () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(() => app.close())

  const books = async (companyId: string, keyId: string | null) => {
    const { rows } = await sql<{
      credits: number
      ledger: number
      operations: number
      remembered: number
      key_month: number | null
    }>`
      select u.credits,
        (select count(*)::int from public.credit_ledger l where l.user_id = u.id) as ledger,
        (select count(*)::int from public.operations o where o.user_id = u.id) as operations,
        (select count(*)::int from nativ.culturalize_memory m where m.user_id = u.id) as remembered,
        (select usage_month_credits::int from public.api_keys k where k.id = ${keyId}) as key_month
      from public.users u where u.id = ${companyId}
    `.execute(app.deps.database.db)
    return rows[0]!
  }

  const createKey = async (companyId: string, cap: number) => {
    const { rows } = await sql<{ id: string }>`
      insert into public.api_keys (user_id, name, key_hash, key_preview, monthly_credit_cap)
      values (${companyId}, 'plugin', ${`test-${randomUUID()}`}, 'nativ_…', ${cap})
      returning id::text as id
    `.execute(app.deps.database.db)
    return rows[0]!.id
  }

  const charge = (companyId: string, cost: number, extra: Partial<Charge<unknown>> = {}) =>
    chargeAndRecord(app.deps.database.db, {
      userId: companyId,
      cost,
      reference: randomUUID(),
      operation: {
        action: "Culturalize text",
        language: "German",
        tool: "api",
        fileId: null,
        apiKeyId: null,
        memberEmail: null,
        appName: null,
      },
      claim: null,
      memory: {
        requestHash: randomUUID().replaceAll("-", "").repeat(2),
        answer: { translated_text: "Hallo" },
      },
      response: (balance, operationId) => ({ balance, operationId }),
      ...extra,
    })

  it("debits, records the operation and keeps the answer, answering the balance left", async () => {
    const { id } = await createTestUser(app, { credits: 10 })
    const answer = (await charge(id, 3)) as { balance: number; operationId: string }
    expect(answer.balance).toBe(7)
    expect(answer.operationId).toMatch(/^\d+$/)
    expect(await books(id, null)).toMatchObject({
      credits: 7,
      ledger: 2,
      operations: 1,
      remembered: 1,
    })
  })

  it("refuses a debit the balance does not cover and records nothing", async () => {
    const { id } = await createTestUser(app, { credits: 2 })
    const before = await books(id, null)
    await expect(charge(id, 3)).rejects.toBeInstanceOf(InsufficientCreditsError)
    expect(await books(id, null)).toEqual(before)
  })

  it("refuses a key that has spent its cap, naming the cap, and rolls the debit back", async () => {
    const { id } = await createTestUser(app, { credits: 100 })
    const keyId = await createKey(id, 5)
    const withKey = (cost: number) =>
      charge(id, cost, {
        operation: {
          action: "Culturalize text",
          language: "German",
          tool: "api",
          fileId: null,
          apiKeyId: keyId,
          memberEmail: null,
          appName: null,
        },
      })
    await withKey(4)
    await withKey(4) // 4 spent before it: let through, the month ends at 8 of 5
    const before = await books(id, keyId)
    expect(before).toMatchObject({ credits: 92, key_month: 8 })
    const refused = await withKey(1).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(KeyCapReachedError)
    expect((refused as KeyCapReachedError).cap).toBe(5)
    expect(await books(id, keyId)).toEqual(before)
  })

  it("charges a reference once: a repeat moves and records nothing", async () => {
    const { id } = await createTestUser(app, { credits: 10 })
    const reference = randomUUID()
    await charge(id, 3, { reference })
    const before = await books(id, null)
    await expect(charge(id, 3, { reference })).rejects.toBeInstanceOf(ClaimLostError)
    expect(await books(id, null)).toEqual(before)
  })

  it("records a free answer without a debit", async () => {
    const { id } = await createTestUser(app, { credits: 10 })
    const answer = (await charge(id, 0, { memory: null })) as { balance: number }
    expect(answer.balance).toBe(10)
    expect(await books(id, null)).toMatchObject({
      credits: 10,
      ledger: 1,
      operations: 1,
      remembered: 0,
    })
  })
})
