import type { OAuthScope } from "@nativ/contracts"

type Rule = { methods: string[]; path: RegExp; scopes: OAuthScope[] }

const READS = ["GET"]
const WRITES = ["POST", "PUT", "PATCH", "DELETE"]

/**
 * Which Connect scopes let an app call each /api/v1 route (any one of them suffices). An app
 * culturalizes and reads memory with `translate`; reads languages, usage, operations and the
 * company's glossaries and style with `read`; changes glossaries, memory and style with `manage`.
 * Everything else — API keys, members, billing, webhooks, the activity log, notifications,
 * languages' settings — is for people and API keys only: a route not listed here refuses apps.
 */
const RULES: Rule[] = [
  {
    methods: ["POST"],
    path: /^\/text\/(culturalize|culturalize-batch|extract|feedback)$/,
    scopes: ["translate"],
  },
  { methods: ["POST"], path: /^\/image\/(culturalize|inspect)$/, scopes: ["translate"] },
  { methods: ["POST"], path: /^\/files\/culturalize$/, scopes: ["translate"] },
  {
    methods: READS,
    path: /^\/jobs(\/\{id\}(\/files\/\{language_code\})?)?$/,
    scopes: ["translate", "read"],
  },
  { methods: READS, path: /^\/master-tm(\/.*)?$/, scopes: ["translate", "read"] },
  { methods: WRITES, path: /^\/master-tm\/.+$/, scopes: ["manage"] },
  {
    methods: READS,
    path: /^\/user\/languages(\/formality-options)?$/,
    scopes: ["read", "translate"],
  },
  {
    methods: READS,
    path: /^\/(usage|usage\/balance|operations|operations\/\{id\}|account)$/,
    scopes: ["read"],
  },
  { methods: READS, path: /^\/glossaries(\/.*)?$/, scopes: ["read", "translate"] },
  { methods: WRITES, path: /^\/glossaries(\/.*)?$/, scopes: ["manage"] },
  { methods: READS, path: /^\/style-guide(\/.*)?$/, scopes: ["read", "translate"] },
  { methods: WRITES, path: /^\/style-guide(\/.*)?$/, scopes: ["manage"] },
]

/** The scopes that admit an app to `method path` (an OpenAPI path, `{id}` style); none refuses it. */
export function oauthScopesFor(method: string, path: string): OAuthScope[] {
  const verb = method.toUpperCase()
  return RULES.find((rule) => rule.methods.includes(verb) && rule.path.test(path))?.scopes ?? []
}
