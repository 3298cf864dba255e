import { EngineStatus } from "@/components/engine/engine-status"
import { useRuntimeConfig } from "@/config/runtime-config"
import { useCompany } from "@/hooks/use-company"

/**
 * Before a run: what this server's engine will do to the text, so nobody pays to find out; owners
 * and admins also read what to ask for when the words would not be translated.
 */
export function EngineNotice() {
  const { engine } = useRuntimeConfig()
  const { role } = useCompany()
  return <EngineStatus engine={engine} canAsk={role === "owner" || role === "admin"} />
}
