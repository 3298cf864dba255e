import { OperationsPage } from "@/features/operations/operations-page"

export function Component() {
  return <OperationsPage />
}
