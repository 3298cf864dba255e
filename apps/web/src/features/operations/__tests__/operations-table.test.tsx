import { render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"

import type { Operation } from "../api/get-operations-page"
import { OperationsTable } from "../components/operations-table"

const row = (id: number, action: string): Operation => ({
  id,
  action,
  language: "French",
  cost: 3,
  tool: "figma",
  created_at: "2026-03-01T10:00:00Z",
})

describe("OperationsTable", () => {
  it("labels each action the same way and keeps the stored value as the cell's tooltip", () => {
    render(
      <OperationsTable
        rows={[row(1, "translate_layers"), row(2, "culturalize_text"), row(3, "Culturalize text")]}
      />,
    )
    const cells = screen
      .getAllByRole("row")
      .slice(1)
      .map((r) => r.querySelector("td")!)
    expect(cells.map((cell) => cell.textContent)).toEqual([
      "Translate layers",
      "Culturalize text",
      "Culturalize text",
    ])
    expect(cells.map((cell) => cell.getAttribute("title"))).toEqual([
      "translate_layers",
      "culturalize_text",
      "Culturalize text",
    ])
  })

  it("shows '-' without a tooltip when the action is empty", () => {
    render(<OperationsTable rows={[row(1, "")]} />)
    const cell = screen.getAllByRole("cell")[0]!
    expect(cell).toHaveTextContent("-")
    expect(cell).not.toHaveAttribute("title")
  })
})
