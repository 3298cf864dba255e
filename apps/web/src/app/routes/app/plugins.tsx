import { PluginsPage } from "@/features/plugins/plugins-page"

export function Component() {
  return <PluginsPage />
}
