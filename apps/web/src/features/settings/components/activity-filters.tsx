import { Button } from "@/components/ui/button"
import { Label } from "@/components/ui/label"
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select"
import { useCompanyMembers } from "@/hooks/use-company-members"

import {
  ACTIVITY_GROUPS,
  type ActivityFilters as Filters,
  hasActivityFilters,
  isActivityGroup,
  NO_ACTIVITY_FILTERS,
} from "../lib/activity-filters"

const ALL = "all"

/** The Activity tab's Action and Member selects, and 'Clear filters' while either is set. */
export function ActivityFilters({
  value,
  onChange,
}: {
  value: Filters
  onChange: (next: Filters) => void
}) {
  const members = useCompanyMembers().data ?? []
  return (
    <div className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="activity-action">Action</Label>
        <Select
          value={value.group ?? ALL}
          onValueChange={(next) =>
            onChange({ ...value, group: isActivityGroup(next) ? next : null })
          }
        >
          <SelectTrigger id="activity-action" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All actions</SelectItem>
            {Object.entries(ACTIVITY_GROUPS).map(([group, { label }]) => (
              <SelectItem key={group} value={group}>
                {label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="activity-member">Member</Label>
        <Select
          value={value.member ?? ALL}
          onValueChange={(next) => onChange({ ...value, member: next === ALL ? null : next })}
        >
          <SelectTrigger id="activity-member" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All members</SelectItem>
            {members.map((member) => (
              <SelectItem key={member.id} value={member.id}>
                {member.email}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {hasActivityFilters(value) && (
        <Button variant="ghost" onClick={() => onChange(NO_ACTIVITY_FILTERS)}>
          Clear filters
        </Button>
      )}
    </div>
  )
}
