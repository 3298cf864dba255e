import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { TestApp } from "../../testing/test-app"
import {
  type ApiUser,
  callApi,
  createApiTestApp,
  expectApiError,
  signedInUser,
} from "../api-test-kit"

type Glossary = { id: string; name: string }

/** Glossary names are unique per company (any case), and every change is in the activity log. */
describe("glossary names and activity", () => {
  let app: TestApp
  let owner: ApiUser
  beforeAll(async () => {
    app = await createApiTestApp()
    owner = await signedInUser(app)
  })
  afterAll(() => app.close())

  const create = (user: ApiUser, name: string) =>
    callApi<Glossary>(app, "/glossaries", {
      token: user.token,
      body: { name, language_code: "DE", entries: [{ source: "Cart", target: "Warenkorb" }] },
    })
  const events = async (companyId: string) => {
    const { rows } = await sql<{ action: string; target: string; details: object }>`
      select action, target, details from public.audit_events
      where company_id = ${companyId} and action like 'glossary.%' order by id
    `.execute(app.deps.database.db)
    return rows
  }

  it("refuses a name the company already uses, whatever its case, on create and rename", async () => {
    expect((await create(owner, "Checkout")).status).toBe(201)
    const twin = await create(owner, "  CHECKOUT ")
    expectApiError(twin, 409, "glossary_name_taken")
    expect((twin.body as unknown as { error: { message: string } }).error.message).toBe(
      'A glossary named "CHECKOUT" already exists. Choose another name.',
    )
    const other = await create(owner, "Buttons")
    const rename = await callApi(app, `/glossaries/${other.body.id}`, {
      token: owner.token,
      method: "PATCH",
      body: { name: "checkout" },
    })
    expectApiError(rename, 409, "glossary_name_taken")
    // Renaming to its own name in another case is not a clash with itself.
    const recase = await callApi<Glossary>(app, `/glossaries/${other.body.id}`, {
      token: owner.token,
      method: "PATCH",
      body: { name: "BUTTONS" },
    })
    expect(recase.status).toBe(200)
    expect(recase.body.name).toBe("BUTTONS")
  })

  it("lets another company use the same name", async () => {
    const stranger = await signedInUser(app)
    expect((await create(stranger, "Checkout")).status).toBe(201)
  })

  it("records create, rename, entry changes and delete with the glossary's name", async () => {
    const user = await signedInUser(app)
    const created = await create(user, "Menu")
    const id = created.body.id
    await callApi(app, `/glossaries/${id}`, {
      token: user.token,
      method: "PATCH",
      body: { name: "Menu (German)" },
    })
    await callApi(app, `/glossaries/${id}/entries`, {
      token: user.token,
      method: "PUT",
      body: { entries: "source,target\nA,B\nC,D" },
    })
    expect(await create(user, "menu (GERMAN)")).toMatchObject({ status: 409 })
    await callApi(app, `/glossaries/${id}`, { token: user.token, method: "DELETE" })
    expect(await events(user.id)).toEqual([
      {
        action: "glossary.created",
        target: "Menu",
        details: { glossary_id: id, language_code: "DE", entry_count: 1 },
      },
      {
        action: "glossary.updated",
        target: "Menu (German)",
        details: { glossary_id: id, previous_name: "Menu" },
      },
      {
        action: "glossary.entries_changed",
        target: "Menu (German)",
        details: { glossary_id: id, entry_count: 2 },
      },
      { action: "glossary.deleted", target: "Menu (German)", details: { glossary_id: id } },
    ])
  })

  it("records nothing for a refused change", async () => {
    const user = await signedInUser(app)
    await create(user, "Once")
    await create(user, "ONCE")
    const missing = "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f"
    expectApiError(
      await callApi(app, `/glossaries/${missing}`, { token: user.token, method: "DELETE" }),
      404,
      "not_found",
    )
    expect((await events(user.id)).map((e) => e.action)).toEqual(["glossary.created"])
  })
})
