import { useSearchParams } from "react-router"

import { PageHeader } from "@/components/layout/page-header"
import { Card, CardContent } from "@/components/ui/card"
import { Label } from "@/components/ui/label"
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select"

import { useOperationsList } from "./api/use-operations-list"
import { PagePagination } from "@/components/layout/page-pagination"
import { OperationsTable } from "./components/operations-table"
import { parsePage, showingText } from "./lib/pagination"

const ALL_MEMBERS = "all"

/**
 * Operations (docs/product.md#operations): every operation, 10 a page; the page number lives in
 * `?page=`. A company of more than one person also gets a Member column and filter (`?member=`).
 */
export function OperationsPage() {
  const [searchParams, setSearchParams] = useSearchParams()
  const memberEmail = searchParams.get("member")
  const list = useOperationsList(parsePage(searchParams.get("page")), memberEmail)
  const showMembers = list.memberEmails.length > 0

  const filterBy = (value: string) =>
    setSearchParams((params) => {
      params.delete("page")
      if (value === ALL_MEMBERS) params.delete("member")
      else params.set("member", value)
      return params
    })

  const goTo = (page: number) =>
    setSearchParams((params) => {
      if (page <= 1) params.delete("page")
      else params.set("page", String(page))
      return params
    })

  return (
    <>
      <PageHeader title="Operations" />
      <Card>
        <CardContent className="space-y-4">
          {showMembers && (
            <div className="flex items-center gap-2">
              <Label htmlFor="operations-member">Member</Label>
              <Select value={memberEmail ?? ALL_MEMBERS} onValueChange={filterBy}>
                <SelectTrigger id="operations-member" className="w-64 max-w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ALL_MEMBERS}>All members</SelectItem>
                  {list.memberEmails.map((email) => (
                    <SelectItem key={email} value={email}>
                      {email}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          )}
          {!list.isLoading && list.rows.length > 0 && (
            <p className="text-sm font-medium">{showingText(list.page, list.total)}</p>
          )}
          {list.isLoading ? (
            <p role="status" className="py-10 text-center text-sm text-muted-foreground">
              Loading operations...
            </p>
          ) : list.rows.length === 0 ? (
            <p className="py-10 text-center text-sm text-muted-foreground">No operations found</p>
          ) : (
            <>
              <OperationsTable rows={list.rows} busy={list.isFetching} showMember={showMembers} />
              {list.totalPages > 1 && (
                <PagePagination page={list.page} totalPages={list.totalPages} onPageChange={goTo} />
              )}
            </>
          )}
        </CardContent>
      </Card>
    </>
  )
}
