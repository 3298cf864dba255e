import { render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { describe, expect, it, vi } from "vitest"

import { PagePagination } from "@/components/layout/page-pagination"

const numbered = () =>
  screen.getAllByRole("button", { name: /^Page \d+$/ }).map((button) => button.textContent)

describe("PagePagination", () => {
  it("shows 'Page i of n', a five-page window and marks the current page", () => {
    render(<PagePagination page={7} totalPages={14} onPageChange={() => {}} />)
    expect(screen.getByText("Page 7 of 14")).toBeInTheDocument()
    expect(numbered()).toEqual(["5", "6", "7", "8", "9"])
    expect(screen.getByRole("button", { name: "Page 7" })).toHaveAttribute("aria-current", "page")
    expect(screen.getByRole("button", { name: "Page 6" })).not.toHaveAttribute("aria-current")
  })

  it("disables Previous on the first page and Next on the last", () => {
    const { rerender } = render(<PagePagination page={1} totalPages={3} onPageChange={() => {}} />)
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled()
    expect(screen.getByRole("button", { name: "Next" })).toBeEnabled()
    expect(numbered()).toEqual(["1", "2", "3"])
    rerender(<PagePagination page={3} totalPages={3} onPageChange={() => {}} />)
    expect(screen.getByRole("button", { name: "Previous" })).toBeEnabled()
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled()
  })

  it("asks for the previous, next and chosen pages", async () => {
    const onPageChange = vi.fn()
    render(<PagePagination page={4} totalPages={14} onPageChange={onPageChange} />)
    await userEvent.click(screen.getByRole("button", { name: "Previous" }))
    await userEvent.click(screen.getByRole("button", { name: "Next" }))
    await userEvent.click(screen.getByRole("button", { name: "Page 6" }))
    expect(onPageChange.mock.calls).toEqual([[3], [5], [6]])
  })
})
