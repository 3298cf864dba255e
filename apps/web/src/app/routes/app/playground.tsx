import { PlaygroundPage } from "@/features/playground/playground-page"

export function Component() {
  return <PlaygroundPage />
}
