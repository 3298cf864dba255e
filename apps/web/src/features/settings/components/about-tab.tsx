import { EngineStatus } from "@/components/engine/engine-status"
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"
import { useRuntimeConfig } from "@/config/runtime-config"
import { useCompany } from "@/hooks/use-company"

export function AboutTab() {
  const { supportEmail, engine } = useRuntimeConfig()
  const { role } = useCompany()
  return (
    <Card>
      <CardHeader>
        <CardTitle>About</CardTitle>
        <CardDescription>Nativ Admin Dashboard</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid max-w-xl grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
          <dt className="text-muted-foreground">Version</dt>
          <dd className="font-medium">1.0.0</dd>
          <dt className="text-muted-foreground">Support</dt>
          <dd>
            <a
              href={`mailto:${supportEmail}`}
              className="font-medium break-all text-primary underline-offset-4 hover:underline"
            >
              {supportEmail}
            </a>
          </dd>
          {engine && (
            <>
              <dt className="text-muted-foreground">Engine</dt>
              <dd className="grid min-w-0 gap-2">
                <span className="font-medium">
                  {engine.kind === "offline"
                    ? "Offline (no translation model)"
                    : (engine.model ?? engine.kind)}
                </span>
                <EngineStatus engine={engine} canAsk={role === "owner" || role === "admin"} />
              </dd>
            </>
          )}
        </dl>
      </CardContent>
    </Card>
  )
}
