import { dirname, join } from "node:path"

import openapiTS, { astToString } from "openapi-typescript"
import { format, resolveConfig } from "prettier"

import { findMigrationsDir } from "../../db/migrate"
import { openApiDocument } from "./openapi-document"

/** Where the client's types live: the @nativ/client package. */
export const CLIENT_TYPES_FILE = join(
  dirname(dirname(findMigrationsDir())),
  "packages/client/src/api-types.ts",
)

const HEADER = `/*
 * The product API's paths, operations and schemas, generated from its OpenAPI document by
 * openapi-typescript. Do not edit: run \`npm run gen:client\` after changing a route.
 */
`

/** The client's TypeScript types from the OpenAPI document, formatted as the repository is. */
export async function generateClientTypes(): Promise<string> {
  const ast = await openapiTS(JSON.stringify(await openApiDocument()))
  const options = await resolveConfig(CLIENT_TYPES_FILE)
  return format(HEADER + astToString(ast), { ...options, filepath: CLIENT_TYPES_FILE })
}
