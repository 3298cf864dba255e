import { afterAll, beforeAll, describe, expect, it } from "vitest"

import type { TestApp } from "../testing/test-app"
import { createApiTestApp } from "./api-test-kit"

type Media = { schema?: { $ref?: string; example?: unknown }; example?: unknown }
type Operation = {
  parameters?: { in: string; name: string; example?: unknown; schema?: { example?: unknown } }[]
  requestBody?: { content?: Record<string, Media> }
  responses?: Record<string, { content?: Record<string, Media> }>
}
type Document = {
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, { example?: unknown }> }
}

/** The endpoints Nativ's SDKs and MCP server call, and ours beyond them (issue 13). */
const CULTURALIZATION_PATHS =
  /^\/(text|user\/languages|style-guide|glossaries|master-tm|files|jobs)\b/

describe("OpenAPI examples", () => {
  let app: TestApp
  let doc: Document
  beforeAll(async () => {
    app = await createApiTestApp()
    doc = (await (await app.fetch("/api/v1/openapi.json")).json()) as Document
  })
  afterAll(() => app.close())

  const hasExample = (media: Media | undefined) => {
    if (!media) return true
    const ref = media.schema?.$ref?.split("/").pop()
    const schema = ref ? doc.components.schemas[ref] : media.schema
    return media.example !== undefined || schema?.example !== undefined
  }

  it("shows an example for every body, success answer and query parameter of the culturalization endpoints", () => {
    const missing: string[] = []
    const paths = Object.entries(doc.paths).filter(([path]) => CULTURALIZATION_PATHS.test(path))
    expect(paths.length).toBeGreaterThanOrEqual(15)
    for (const [path, operations] of paths)
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`
        if (!hasExample(operation.requestBody?.content?.["application/json"]))
          missing.push(`${where} body`)
        for (const [status, response] of Object.entries(operation.responses ?? {}))
          if (status.startsWith("2") && !hasExample(response.content?.["application/json"]))
            missing.push(`${where} ${status}`)
        for (const parameter of operation.parameters ?? [])
          if (
            parameter.in === "query" &&
            parameter.example === undefined &&
            parameter.schema?.example === undefined
          )
            missing.push(`${where} ?${parameter.name}`)
      }
    expect(missing).toEqual([])
  })
})
