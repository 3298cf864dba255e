import type { OperationDetail } from "@nativ/contracts"
import { fireEvent, render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { describe, expect, it, vi } from "vitest"

import type { Operation } from "../api/get-operations-page"
import { OperationsFilters } from "../components/operations-filters"
import { OperationsTable } from "../components/operations-table"
import { detailFields, formatDuration, madeBy, UNKNOWN } from "../lib/detail-fields"
import { activeFilterCount, NO_FILTERS } from "../lib/filters"

const detail = (over: Partial<OperationDetail> = {}): OperationDetail => ({
  id: "7",
  created_at: "2026-03-01T10:00:00.000Z",
  action: "Culturalize text",
  language: "German",
  tool: "api",
  credits: 1,
  api_key_id: "k1",
  api_key_name: "CI",
  member_email: "ana@example.com",
  app_name: null,
  file_id: null,
  characters: 1234,
  from_memory: false,
  engine: "openai",
  model: "gpt-4o-mini",
  duration_ms: 1530,
  texts: null,
  texts_expire_at: null,
  ...over,
})

describe("operation detail fields", () => {
  it("lists every field in order, with '—' for what was not recorded", () => {
    const fields = Object.fromEntries(
      detailFields(
        detail({ characters: null, from_memory: null, engine: null, duration_ms: null }),
      ),
    )
    expect(Object.keys(fields)).toEqual([
      "Time",
      "Operation",
      "Tool",
      "API key or member",
      "Language",
      "Characters",
      "Cost",
      "From memory",
      "Engine and model",
      "Duration",
      "File id",
    ])
    expect(fields).toMatchObject({
      Characters: UNKNOWN,
      "From memory": UNKNOWN,
      "Engine and model": UNKNOWN,
      Duration: UNKNOWN,
      "File id": UNKNOWN,
      Cost: "1 credit",
    })
  })

  it("shows characters, engine with model, duration and memory as people read them", () => {
    const fields = Object.fromEntries(detailFields(detail({ from_memory: true, credits: 0 })))
    expect(fields).toMatchObject({
      Characters: "1,234",
      "Engine and model": "openai · gpt-4o-mini",
      Duration: "1.5 s",
      "From memory": "Yes (free)",
      Cost: "0 credits",
    })
    expect(formatDuration(840)).toBe("840 ms")
  })

  it("names the key and member, the connected app, or just the member", () => {
    expect(madeBy(detail())).toBe("API key CI (ana@example.com)")
    expect(madeBy(detail({ app_name: "Claude", api_key_id: null, api_key_name: null }))).toBe(
      "Claude for ana@example.com",
    )
    expect(madeBy(detail({ api_key_id: null, api_key_name: null }))).toBe("ana@example.com")
    expect(madeBy(detail({ api_key_id: null, api_key_name: null, member_email: null }))).toBe(
      UNKNOWN,
    )
  })
})

const row = (id: number): Operation => ({
  id,
  action: "Culturalize text",
  language: "French",
  cost: 3,
  tool: "figma",
  created_at: "2026-03-01T10:00:00Z",
})

describe("opening an operation from its row", () => {
  it("opens on click and on Enter, not on other keys", async () => {
    const onOpen = vi.fn()
    render(<OperationsTable rows={[row(1), row(2)]} onOpen={onOpen} />)
    const [, first, second] = screen.getAllByRole("row")
    await userEvent.click(first!)
    expect(onOpen).toHaveBeenLastCalledWith("1", first)
    second!.focus()
    fireEvent.keyDown(second!, { key: " " })
    expect(onOpen).toHaveBeenCalledTimes(1)
    fireEvent.keyDown(second!, { key: "Enter" })
    expect(onOpen).toHaveBeenLastCalledWith("2", second)
    expect(second).toHaveAttribute("tabindex", "0")
  })
})

describe("the Filters button", () => {
  const props = {
    languages: ["German"],
    apiKeys: [],
    memberEmails: [],
    onChange: () => {},
    onClear: () => {},
  }

  it("counts the active filters and toggles the filters open", async () => {
    const filters = { ...NO_FILTERS, from: "2026-01-01", tool: "api" }
    expect(activeFilterCount(filters)).toBe(2)
    render(<OperationsFilters filters={filters} {...props} />)
    const button = screen.getByRole("button", { name: "Filters, 2 active" })
    const group = screen.getByRole("group", { name: "Filters", hidden: true })
    expect(button).toHaveAttribute("aria-expanded", "false")
    expect(group).toHaveClass("hidden")
    await userEvent.click(button)
    expect(button).toHaveAttribute("aria-expanded", "true")
    expect(group).not.toHaveClass("hidden")
  })

  it("shows no count when no filter is set", () => {
    render(<OperationsFilters filters={NO_FILTERS} {...props} />)
    expect(screen.getByRole("button", { name: "Filters" })).toBeInTheDocument()
  })
})
