import type { IncomingMessage, ServerResponse } from "node:http"

import { toFetchResponse, toReqRes } from "fetch-to-node"
import type Provider from "oidc-provider"
import type { JWK } from "oidc-provider"

import type { OAuthDeps } from "./constants"
import { loadSigningKeys } from "./signing-keys"

/** Issuers kept at once: a deployment answers on a handful of origins, not on any Host sent. */
const MAX_ISSUERS = 8

export type NodeExchange = { req: IncomingMessage; res: ServerResponse }

export type OAuthServer = {
  /** The authorization server whose issuer is `origin` (the origin the browser reached). */
  provider(origin: string): Promise<Provider>
  /** Hands a request to oidc-provider (a Koa app, so it speaks Node's req/res) and returns its answer. */
  handle(request: Request, origin: string): Promise<Response>
  /** Node's req/res for a request, for oidc-provider's helpers that read its cookies. */
  exchange(request: Request, origin: string): NodeExchange
}

/**
 * One authorization server per origin the service is reached at (deployments on any origin: the
 * issuer and every endpoint in its metadata are the origin the client used). They share one
 * storage and one signing key, so a token is the same token whichever replica or origin saw it.
 */
export function createOAuthServer(deps: OAuthDeps): OAuthServer {
  let keys: Promise<JWK[]> | null = null
  type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>
  const providers = new Map<string, { provider: Provider; callback: NodeHandler }>()

  const entry = async (origin: string) => {
    keys ??= loadSigningKeys(deps.database.db).catch((error: unknown) => {
      keys = null
      throw error
    })
    const signing = await keys
    let found = providers.get(origin)
    if (!found) {
      if (providers.size >= MAX_ISSUERS) providers.delete(providers.keys().next().value!)
      // oidc-provider (and Koa) load on the first OAuth request, not at start-up.
      const { createOAuthProvider } = await import("./provider")
      const provider = createOAuthProvider(deps, origin, signing)
      found = { provider, callback: provider.callback() as unknown as NodeHandler }
      providers.set(origin, found)
    }
    return found
  }

  const exchange = (request: Request, origin: string): NodeExchange => {
    const { req, res } = toReqRes(request)
    // The provider runs behind "a proxy" that says where the browser is: the origin requestOrigin
    // computed (which honours TRUST_PROXY), never what the client put in these headers.
    const url = new URL(origin)
    req.headers.host = url.host
    req.headers["x-forwarded-host"] = url.host
    req.headers["x-forwarded-proto"] = url.protocol.slice(0, -1)
    // Koa reads the connection for the scheme and address; these requests have none of their own.
    if (!req.socket)
      Object.defineProperty(req, "socket", { value: { encrypted: false, remoteAddress: "" } })
    return { req, res: res as unknown as ServerResponse }
  }

  return {
    provider: async (origin) => (await entry(origin)).provider,
    exchange,
    async handle(request, origin) {
      const { callback } = await entry(origin)
      const { req, res } = exchange(request, origin)
      void callback(req, res)
      return toFetchResponse(res as never)
    },
  }
}
