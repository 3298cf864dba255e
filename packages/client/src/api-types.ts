/*
 * The product API's paths, operations and schemas, generated from its OpenAPI document by
 * openapi-typescript. Do not edit: run `npm run gen:client` after changing a route.
 */
export interface paths {
  "/user/languages": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * The account's target languages
     * @description The languages managed on the dashboard's Settings page, in the order they were added (by name within one batch).
     */
    get: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description The account's languages */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              languages: {
                id: string
                language: string
                language_code: string
              }[]
            }
          }
        }
        /** @description Missing or invalid credentials */
        401: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
      }
    }
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  "/text/culturalize": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /** Culturalize text into a target language and culture */
    post: {
      parameters: {
        query?: never
        header?: {
          /** @description Retry safely: a request repeated with the same key returns the first result and is charged once. */
          "idempotency-key"?: string
        }
        path?: never
        cookie?: never
      }
      requestBody: {
        content: {
          "application/json": {
            /** @description The text to culturalize. */
            text: string
            language: string
            language_code: string
            /** @enum {string} */
            tool: "dashboard" | "figma" | "photoshop" | "api" | "mcp"
            /** @description Terms to use exactly: a list of {source, target} pairs, or CSV text with the header row source,target. At most 5,000 entries. */
            glossary?:
              | {
                  source: string
                  target: string
                }[]
              | string
            /** @description The design file the text comes from, when a plugin sends it. */
            file_id?: string | null
          }
        }
      }
      responses: {
        /** @description The culturalized text and what it cost */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              translated_text: string
              language: string
              language_code: string
              /** @description Credits charged for this request. */
              cost: number
              credits_remaining: number
              /** @enum {string} */
              engine: "offline" | "openai" | "anthropic"
              operation_id: string
              /** @description Something the reader should know about the result, e.g. that only formatting was adapted. */
              note?: string
            }
          }
        }
        /** @description Invalid input (the message names the problem) */
        400: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
        /** @description Not enough credits; nothing was charged */
        402: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
        /** @description A request with this Idempotency-Key is still running */
        409: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
        /** @description The request body is too large */
        413: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
        /** @description The Idempotency-Key was used with a different request */
        422: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
        /** @description Too many requests; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
        /** @description The culturalization engine failed; nothing was charged */
        502: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
        /** @description The culturalization engine timed out; nothing was charged */
        504: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
      }
    }
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  "/api-keys": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** List the API keys: the whole company's for owners and admins, a member's own for members */
    get: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description Keys that are not revoked, newest first */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              api_keys: {
                id: string
                name: string
                key_preview: string
                is_active: boolean
                created_at: string
                expiry_date: string | null
                last_used_at: string | null
                /** @description The email of the member who created the key (null for keys made before teams). */
                created_by: string | null
              }[]
            }
          }
        }
        /** @description Missing or invalid credentials */
        401: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
        /** @description Called with an API key: keys are managed from a signed-in session */
        403: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
      }
    }
    put?: never
    /**
     * Create an API key
     * @description Returns the full secret in `key` — only here, once. Store it safely.
     */
    post: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody: {
        content: {
          "application/json": {
            name: string
            expiry_days?: 7 | 30 | 90 | 365 | null
          }
        }
      }
      responses: {
        /** @description The new key, with its secret */
        201: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              id: string
              name: string
              key_preview: string
              is_active: boolean
              created_at: string
              expiry_date: string | null
              last_used_at: string | null
              /** @description The email of the member who created the key (null for keys made before teams). */
              created_by: string | null
              /** @description The full secret. Returned only once, when the key is created. */
              key: string
            }
          }
        }
        /** @description Invalid name or expiry */
        400: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
        /** @description Missing or invalid credentials */
        401: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
        /** @description Called with an API key, or two-factor authentication is on and the session is not verified (aal2) */
        403: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
      }
    }
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  "/api-keys/{id}": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    post?: never
    /** Revoke an API key */
    delete: {
      parameters: {
        query?: never
        header?: never
        path: {
          id: string
        }
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description Revoked; requests with the key are refused from now on */
        204: {
          headers: {
            [name: string]: unknown
          }
          content?: never
        }
        /** @description Missing or invalid credentials */
        401: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
        /** @description Called with an API key, or two-factor authentication is on and the session is not verified (aal2) */
        403: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
        /** @description No such key on this account */
        404: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
      }
    }
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  "/account": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** The caller's company: its name, its one balance, and the caller's role in it */
    get: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description The company */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              /** @description The company's id (the `users` row). */
              id: string
              /** @description The company name. */
              name: string | null
              /** @description The company's one balance, shared by its members. */
              credits: number
              /** @enum {string} */
              role: "owner" | "admin" | "member"
              /** @description The caller's member id (the `end_users` row). */
              member_id: string
            }
          }
        }
        /** @description Missing or invalid credentials */
        401: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
      }
    }
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  "/members": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** Everyone in the company, with role and status (any member may list) */
    get: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description Owners, then admins, then members */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              members: {
                id: string
                email: string
                /** @enum {string} */
                role: "owner" | "admin" | "member"
                /** @enum {string} */
                status: "invited" | "active"
                invited_at: string | null
                joined_at: string | null
                last_sign_in_at: string | null
              }[]
            }
          }
        }
        /** @description Missing or invalid credentials */
        401: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
      }
    }
    put?: never
    /**
     * Invite a colleague by email (owners and admins)
     * @description Sends an invitation email; its link sets a password and opens this company's dashboard. Only owners may invite owners.
     */
    post: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody: {
        content: {
          "application/json": {
            email: string
            /** @enum {string} */
            role: "owner" | "admin" | "member"
          }
        }
      }
      responses: {
        /** @description The invited member */
        201: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              id: string
              email: string
              /** @enum {string} */
              role: "owner" | "admin" | "member"
              /** @enum {string} */
              status: "invited" | "active"
              invited_at: string | null
              joined_at: string | null
              last_sign_in_at: string | null
            }
          }
        }
        /** @description Invalid email or role */
        400: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
        /** @description Missing or invalid credentials */
        401: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
        /** @description Your role may not invite, or may not grant this role */
        403: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
        /** @description The email already belongs to a company on Nativ */
        409: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
      }
    }
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  "/members/{id}": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    post?: never
    /** Remove a member: their sessions end and the API keys they created are revoked */
    delete: {
      parameters: {
        query?: never
        header?: never
        path: {
          id: string
        }
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description Removed */
        204: {
          headers: {
            [name: string]: unknown
          }
          content?: never
        }
        /** @description Missing or invalid credentials */
        401: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
        /** @description Your role may not remove this member */
        403: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
        /** @description No such member in your company */
        404: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
        /** @description The company's last owner cannot be removed */
        409: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
      }
    }
    options?: never
    head?: never
    /** Change a member's role (owners and admins; only owners make or unmake owners) */
    patch: {
      parameters: {
        query?: never
        header?: never
        path: {
          id: string
        }
        cookie?: never
      }
      requestBody: {
        content: {
          "application/json": {
            /** @enum {string} */
            role: "owner" | "admin" | "member"
          }
        }
      }
      responses: {
        /** @description The member with their new role */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              id: string
              email: string
              /** @enum {string} */
              role: "owner" | "admin" | "member"
              /** @enum {string} */
              status: "invited" | "active"
              invited_at: string | null
              joined_at: string | null
              last_sign_in_at: string | null
            }
          }
        }
        /** @description Invalid role */
        400: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
        /** @description Missing or invalid credentials */
        401: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
        /** @description Your role may not make this change */
        403: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
        /** @description No such member in your company */
        404: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
        /** @description The company's last owner cannot be demoted */
        409: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
      }
    }
    trace?: never
  }
  "/members/{id}/resend": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /** Send a pending invitation again, with a new link */
    post: {
      parameters: {
        query?: never
        header?: never
        path: {
          id: string
        }
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description The invited member */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              id: string
              email: string
              /** @enum {string} */
              role: "owner" | "admin" | "member"
              /** @enum {string} */
              status: "invited" | "active"
              invited_at: string | null
              joined_at: string | null
              last_sign_in_at: string | null
            }
          }
        }
        /** @description Missing or invalid credentials */
        401: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
        /** @description Your role may not invite */
        403: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
        /** @description No such member in your company */
        404: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
        /** @description The member has already joined */
        409: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
      }
    }
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  "/audit-log": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * The company's activity log, newest first (owners and admins)
     * @description Append-only: events cannot be changed or deleted through any API. Page with `before` = the previous page's `next_before`.
     */
    get: {
      parameters: {
        query?: {
          limit?: number
          before?: string
        }
        header?: never
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description A page of events */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              events: {
                /** @description Opaque; pass the last one as `before` for the next page. */
                id: string
                actor_email: string | null
                /** @enum {string} */
                action:
                  | "member.invited"
                  | "member.joined"
                  | "member.role_changed"
                  | "member.removed"
                  | "api_key.created"
                  | "api_key.revoked"
                  | "credits.purchased"
                  | "language.added"
                  | "language.deleted"
                  | "password.changed"
                  | "two_factor.enabled"
                  | "two_factor.removed"
                target: string | null
                details: {
                  [key: string]: unknown
                }
                created_at: string
              }[]
              /** @description Pass as `before` for the next (older) page; null on the last page. */
              next_before: string | null
            }
          }
        }
        /** @description Invalid limit or before */
        400: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
        /** @description Missing or invalid credentials */
        401: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
        /** @description Only owners and admins read the activity log */
        403: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
            }
          }
        }
      }
    }
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
}
export type webhooks = Record<string, never>
export interface components {
  schemas: never
  responses: never
  parameters: never
  requestBodies: never
  headers: never
  pathItems: never
}
export type $defs = Record<string, never>
export type operations = Record<string, never>
