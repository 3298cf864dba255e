import type { AppDeps } from "../../deps"
import { loadEnv } from "../../env"
import { apiRoutes } from "../api.routes"

/**
 * The product API's OpenAPI document as a server with the default settings publishes it. Building
 * the routes reads only the settings (handlers touch the database when they run), so no database
 * is opened: the document is the same wherever it is generated.
 */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const env = loadEnv({ NODE_ENV: "development" })
  const app = apiRoutes({ env, database: {} } as unknown as AppDeps)
  const res = await app.request("/openapi.json")
  if (!res.ok) throw new Error(`the OpenAPI document did not build (HTTP ${res.status})`)
  return (await res.json()) as Record<string, unknown>
}
