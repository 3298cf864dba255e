/*
 * The product API's paths, operations and schemas, generated from its OpenAPI document by
 * openapi-typescript. Do not edit: run `npm run gen:client` after changing a route.
 */
export interface paths {
  "/user/languages/formality-options": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * The tones a language or a request may take
     * @description The values `formality` accepts on a language and on culturalize requests, least to most formal, with a label and what each means.
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
        /** @description The formality options */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              options: {
                /** @enum {string} */
                value: "very_informal" | "informal" | "neutral" | "formal" | "very_formal"
                label: string
                description: string
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
              detail: string
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
  "/user/languages": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * The account's target languages
     * @description The languages managed on the dashboard's Settings page, in the order they were added (by name within one batch), with each one's formality and custom style.
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
                /**
                 * @description The tone culturalizations into this language take unless a request says otherwise.
                 * @default null
                 * @enum {string|null}
                 */
                formality:
                  "very_informal" | "informal" | "neutral" | "formal" | "very_formal" | null
                /**
                 * @description Style directions for this language, added to every culturalization into it.
                 * @default null
                 */
                custom_style: string | null
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
              detail: string
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
  "/user/languages/{id}/formality": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    /**
     * Set the tone culturalizations into a language take
     * @description Every culturalization into the language uses it unless the request says otherwise; null clears it. Owners and admins only.
     */
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
            /**
             * @description The tone: very_informal, informal, neutral, formal, very_formal; DeepL's prefer_more and prefer_less mean formal and informal.
             * @example formal
             * @enum {string|null}
             */
            formality:
              | "very_informal"
              | "informal"
              | "neutral"
              | "formal"
              | "very_formal"
              | "prefer_more"
              | "prefer_less"
              | null
          }
        }
      }
      responses: {
        /** @description Saved */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              /** @enum {boolean} */
              success: true
            }
          }
        }
        /** @description Invalid value (the message names it) */
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
              detail: string
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
              detail: string
            }
          }
        }
        /** @description Only owners and admins manage languages */
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
              detail: string
            }
          }
        }
        /** @description No such language in the account */
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
              detail: string
            }
          }
        }
      }
    }
    trace?: never
  }
  "/user/languages/{id}/custom-style": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    /**
     * Set style directions for a language
     * @description Every culturalization into the language uses it unless the request says otherwise; null clears it. Owners and admins only.
     */
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
            /** @example Use the informal du; keep English product names. */
            custom_style: string | null
          }
        }
      }
      responses: {
        /** @description Saved */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              /** @enum {boolean} */
              success: true
            }
          }
        }
        /** @description Invalid value (the message names it) */
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
              detail: string
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
              detail: string
            }
          }
        }
        /** @description Only owners and admins manage languages */
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
              detail: string
            }
          }
        }
        /** @description No such language in the account */
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
              detail: string
            }
          }
        }
      }
    }
    trace?: never
  }
  "/text/culturalize-batch": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Culturalize many texts (a design file's layers) at once
     * @description Up to 500 items and 100,000 characters. Each item is priced as a single request; the whole cost is checked before any work and debited at once, with one operation (translate_layers). When any item fails, nothing is charged.
     */
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
            items: {
              /** @description Echoed in the result (e.g. the layer's id); defaults to the item's position. */
              id?: string
              /** @description The text to culturalize. */
              text: string
              file_id?: string | null
            }[]
            /** @description The target language by name ("Japanese", "Portuguese (Brazil)", "Chinese (Simplified)"). Give it, language_code or target_lang. */
            language?: string
            /** @description The target language's code (BCP 47, any case: ja, PT-BR, zh-Hans); decides when a name is also given. */
            language_code?: string
            /** @description DeepL's name for language_code. */
            target_lang?: string
            /** @description The text's language by name (default English). */
            source_language?: string
            /** @description The text's language code (default en); translation memory is matched on it. */
            source_language_code?: string
            /** @description DeepL's name for source_language_code. */
            source_lang?: string
            /**
             * @default api
             * @enum {string}
             */
            tool?: "dashboard" | "figma" | "photoshop" | "api" | "mcp"
            /** @description Terms to use exactly: a list of {source, target} pairs, CSV text with the header row source,target, or one source=target pair per line. At most 5,000 entries. */
            glossary?:
              | {
                  source: string
                  target: string
                }[]
              | string
            glossary_id?: string | null
            /**
             * @description The tone: very_informal, informal, neutral, formal, very_formal; DeepL's prefer_more and prefer_less mean formal and informal.
             * @example formal
             * @enum {string}
             */
            formality?:
              | "very_informal"
              | "informal"
              | "neutral"
              | "formal"
              | "very_formal"
              | "prefer_more"
              | "prefer_less"
            context?: string
          }
        }
      }
      responses: {
        /** @description Each item's result, in order, and the total cost */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              results: {
                id: string
                translated_text: string
                cost: number
                /** @description True when the company's translation memory holds exactly this text for the target language: its translation is the answer, free (cost 0). */
                from_memory: boolean
              }[]
              /** @description Credits charged for the whole batch: each item priced as a single request, nothing for one from memory. */
              cost: number
              credits_remaining: number
              operation_id: string
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
              detail: string
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
              detail: string
            }
          }
        }
        /** @description The balance does not cover the whole batch; nothing was charged */
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
              detail: string
            }
          }
        }
        /** @description glossary_id names no glossary of the company */
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
              detail: string
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
              detail: string
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
              detail: string
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
              detail: string
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
              detail: string
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
              detail: string
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
              detail: string
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
  "/text/culturalize": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Culturalize text into a target language and culture
     * @description Name the target by `language` (a name: Japanese, Portuguese (Brazil)), by `language_code` or DeepL's `target_lang` (a BCP 47 code in any case), or both (the code decides); it need not be one of your languages. The answer's `language` and `language_code` are the canonical English name and code, as Operations records them. An unknown language is a 400 naming the field and the closest match. A text your translation memory holds exactly is answered with its entry at no cost (`from_memory: true`).
     */
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
            /** @description The target language by name ("Japanese", "Portuguese (Brazil)", "Chinese (Simplified)"). Give it, language_code or target_lang. */
            language?: string
            /** @description The target language's code (BCP 47, any case: ja, PT-BR, zh-Hans); decides when a name is also given. */
            language_code?: string
            /** @description DeepL's name for language_code. */
            target_lang?: string
            /** @description The text's language by name (default English). */
            source_language?: string
            /** @description The text's language code (default en); translation memory is matched on it. */
            source_language_code?: string
            /** @description DeepL's name for source_language_code. */
            source_lang?: string
            /**
             * @default api
             * @enum {string}
             */
            tool?: "dashboard" | "figma" | "photoshop" | "api" | "mcp"
            /** @description Terms to use exactly: a list of {source, target} pairs, CSV text with the header row source,target, or one source=target pair per line. At most 5,000 entries. */
            glossary?:
              | {
                  source: string
                  target: string
                }[]
              | string
            /** @description A stored glossary of your company (see /glossaries) to apply, after any inline glossary. */
            glossary_id?: string | null
            /** @description What the text is and where it appears (e.g. "mobile app button"), at most 2,000 characters; guides the wording and is not charged. */
            context?: string
            /**
             * @description The tone; overrides the language's formality setting. DeepL's prefer_more and prefer_less are accepted.
             * @example formal
             * @enum {string}
             */
            formality?:
              | "very_informal"
              | "informal"
              | "neutral"
              | "formal"
              | "very_formal"
              | "prefer_more"
              | "prefer_less"
            /** @description The result must be at most this many characters. A result that still does not fit after one correction is refused (422 max_characters_exceeded) and nothing is charged. */
            max_characters?: number | null
            /** @description Return the best translation-memory matches as `tm_match` (default false). */
            include_tm_info?: boolean
            /** @description Return what was adapted and why as `rationale` (default false). */
            include_rationale?: boolean
            /** @description Return the result translated back into the source language as `backtranslation` (default false). */
            backtranslate?: boolean
            /** @description Answer an exact repeat from the last 90 days from memory at no cost (default true); false forces a fresh, charged result. */
            use_memory?: boolean
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
              /** @description The source text's word count and the credits charged. */
              metadata?: {
                word_count: number
                cost: number
              }
              /** @description True when an exact repeat was answered from memory (cost 0). */
              from_memory?: boolean
              /** @description The best translation-memory match, when include_tm_info is set and one was found. */
              tm_match?: {
                score: number
                /** @enum {string} */
                match_type: "exact" | "fuzzy"
                source_text: string
                target_text: string
                /** @description Where the match comes from: an entry's information_source, or memory. */
                tm_source: string
                tm_source_name: string | null
                tm_id: string | null
                top_matches: {
                  tm_id: string
                  /** @description Similarity to the text, 0–100. */
                  score: number
                  /** @enum {string} */
                  match_type: "exact" | "fuzzy"
                  source_text: string
                  target_text: string
                  information_source: string
                  source_name: string | null
                }[]
              } | null
              /** @description What was adapted and why (include_rationale). */
              rationale?: string
              /** @description The result translated back (backtranslate); null when the engine cannot (the offline engine). */
              backtranslation?: string | null
            }
          }
        }
        /** @description Invalid input or an unknown language (the message names the field and, for a language, the closest match) */
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
              detail: string
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
              detail: string
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
              detail: string
            }
          }
        }
        /** @description glossary_id names no glossary of the company */
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
              detail: string
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
              detail: string
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
              detail: string
            }
          }
        }
        /** @description The Idempotency-Key was used with a different request, or the result cannot fit max_characters (max_characters_exceeded; nothing was charged) */
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
              detail: string
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
              detail: string
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
              detail: string
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
              detail: string
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
  "/text/extract": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Read the text of an image (OCR)
     * @description JPEG, PNG or WebP, at most 10 MB and 16,000,000 pixels. Costs 2 credits per image, charged once it has been read. Read by the embedded OCR engine, off the request thread; with a vision model, a reading it is unsure of is replaced by the model's (method = model).
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
          "multipart/form-data": {
            /**
             * Format: binary
             * @description A JPEG, PNG or WebP image.
             */
            file: string
          }
        }
      }
      responses: {
        /** @description The text, line by line, with boxes and confidence */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              /** @description The image's text, one line per line read. */
              extracted_text: string
              /** @description Each line read, with its box and confidence. */
              blocks: {
                text: string
                /** @description Where the line is, in pixels from the image's top left. */
                box: {
                  x: number
                  y: number
                  width: number
                  height: number
                }
                /** @description The reader's confidence, 0–100. */
                confidence: number
              }[]
              /**
               * @description local: the embedded OCR engine; model: a vision model.
               * @enum {string}
               */
              method: "local" | "model"
              /** @description Credits charged */
              cost: number
              credits_remaining: number
              operation_id: string
            }
          }
        }
        /** @description Invalid input, an unreadable image or too many pixels */
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
              detail: string
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
              detail: string
            }
          }
        }
        /** @description Not enough credits, or the key's monthly cap is spent; nothing was charged */
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
              detail: string
            }
          }
        }
        /** @description The upload is too large */
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
              detail: string
            }
          }
        }
        /** @description Not multipart form data, or the file is not a JPEG, PNG or WebP image */
        415: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
              detail: string
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
              detail: string
            }
          }
        }
        /** @description The OCR queue is full or the engine is unavailable; see Retry-After */
        503: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
              detail: string
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
  "/image/culturalize": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Culturalize the text of an image
     * @description JPEG, PNG or WebP, at most 10 MB and 16,000,000 pixels. Costs 10 credits per image returned, charged once it is made. Without an image model the server reads the text regions, culturalizes their text and redraws each on its sampled background (metadata.method = local): one image per request. With an image model (IMAGE_MODEL), the model redraws it with the culturalized text, num_images variants (metadata.method = model); the balance must cover all asked, and each returned is charged.
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
          "multipart/form-data": {
            /**
             * Format: binary
             * @description A JPEG, PNG or WebP image.
             */
            file: string
            /** @description Text to render in place of the image's own text, culturalized into language_code first (at most 200 characters). Without it, the image's own text is culturalized. */
            text?: string
            /** @description The target language's code, e.g. DE, FR or PT-BR. */
            language_code: string
            /**
             * @default png
             * @enum {string}
             */
            output_format?: "png" | "jpeg" | "webp" | "jpg"
            /**
             * @description Which image model family to ask, when the server has an image model.
             * @default gpt
             * @enum {string}
             */
            model?: "gpt" | "gemini"
            /** @default 1 */
            num_images?: number
            /**
             * @default api
             * @enum {string}
             */
            tool?: "dashboard" | "figma" | "photoshop" | "api" | "mcp"
          }
        }
      }
      responses: {
        /** @description The culturalized image, base64-encoded */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              images: {
                image_base64: string
              }[]
              metadata: {
                cost: number
                num_images: number
                /**
                 * @description local: text regions read, repainted and redrawn here (one image); model: an image model.
                 * @enum {string}
                 */
                method: "local" | "model"
                /** @enum {string} */
                output_format: "png" | "jpeg" | "webp"
                /** @description Each region redrawn: the text read there and the text drawn instead. */
                regions: {
                  source_text: string
                  text: string
                  box: {
                    x: number
                    y: number
                    width: number
                    height: number
                  }
                }[]
                note?: string
              }
              credits_remaining: number
              operation_id: string
            }
          }
        }
        /** @description Invalid input, an unreadable image or too many pixels */
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
              detail: string
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
              detail: string
            }
          }
        }
        /** @description Not enough credits, or the key's monthly cap is spent; nothing was charged */
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
              detail: string
            }
          }
        }
        /** @description The upload is too large */
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
              detail: string
            }
          }
        }
        /** @description Not multipart form data, or the file is not a JPEG, PNG or WebP image */
        415: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
              detail: string
            }
          }
        }
        /** @description No text was found in the image and no `text` was sent */
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
              detail: string
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
              detail: string
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
              detail: string
            }
          }
        }
        /** @description The OCR queue is full or the engine is unavailable; see Retry-After */
        503: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
              detail: string
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
              detail: string
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
  "/image/inspect": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Check an image for cultural issues in given countries
     * @description JPEG, PNG or WebP, at most 10 MB and 16,000,000 pixels. Costs 5 credits per image, charged once the model answered. Without countries, the 30 largest economies are checked. Needs a vision model (VISION_MODEL): a server without one answers 503 vision_model_required and charges nothing.
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
          "multipart/form-data": {
            /**
             * Format: binary
             * @description A JPEG, PNG or WebP image.
             */
            file: string
            /** @description Comma-separated country names, e.g. Japan,Brazil,Germany. */
            countries?: string
          }
        }
      }
      responses: {
        /** @description The verdict and each affected country */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              /** @enum {string} */
              verdict: "SAFE" | "NOT SAFE"
              affected_countries: {
                country: string
                issue: string
                suggestion: string
              }[]
              /** @description Credits charged */
              cost: number
              credits_remaining: number
              operation_id: string
            }
          }
        }
        /** @description Invalid input, an unreadable image or too many pixels */
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
              detail: string
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
              detail: string
            }
          }
        }
        /** @description Not enough credits, or the key's monthly cap is spent; nothing was charged */
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
              detail: string
            }
          }
        }
        /** @description The upload is too large */
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
              detail: string
            }
          }
        }
        /** @description Not multipart form data, or the file is not a JPEG, PNG or WebP image */
        415: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
              detail: string
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
              detail: string
            }
          }
        }
        /** @description The vision model failed or answered garbage; nothing was charged */
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
              detail: string
            }
          }
        }
        /** @description This server has no vision model (vision_model_required); nothing was charged */
        503: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
              detail: string
            }
          }
        }
        /** @description The vision model timed out; nothing was charged */
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
              detail: string
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
  "/text/feedback": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** The company's feedback, newest first */
    get: {
      parameters: {
        query?: {
          limit?: number
          offset?: number | null
        }
        header?: never
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description A page of feedback and the total */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              feedback: {
                id: string
                source: string
                result: string
                language: string
                approved: boolean | null
                feedback: string | null
                /** @description ISO 8601, UTC. */
                created_at: string
              }[]
              total: number
              offset: number
              limit: number
            }
          }
        }
        /** @description limit or offset out of range */
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
              detail: string
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
              detail: string
            }
          }
        }
      }
    }
    put?: never
    /**
     * Rate a culturalization or say what should change
     * @description Recorded for the company, as the Playground's feedback card records it. A Good rating (`approved: true`) keeps the source and result as an approved translation-memory entry when `language` is one of the company's languages — unless the result is one the offline engine produced for the company (it keeps the words, so it is no translation); a result a model produced, or one a person wrote or edited, is kept. Free.
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
            /** @description The text that was culturalized. */
            source: string
            /** @description The culturalization the feedback is about. */
            result: string
            /** @description The target language, by the name the company's languages use. */
            language: string
            /** @description true for Good (kept in the translation memory), false for Poor. */
            approved?: boolean | null
            /** @description What should change, in the reviewer's words. */
            feedback?: string | null
          }
        }
      }
      responses: {
        /** @description The feedback as recorded */
        201: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              id: string
              source: string
              result: string
              language: string
              approved: boolean | null
              feedback: string | null
              /** @description ISO 8601, UTC. */
              created_at: string
            }
          }
        }
        /** @description A field is missing or too long, or neither a rating nor written feedback was given */
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
              detail: string
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
              detail: string
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
    /**
     * List the API keys: the whole company's for owners and admins, a member's own for members
     * @description With an API key, the keys its creator would see. Never returns a secret.
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
                /** @description The key's monthly credit cap; null for none. */
                monthly_credit_cap: number | null
                /** @description Credits charged to requests made with the key this calendar month (UTC). */
                credits_used_this_month: number
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
              detail: string
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
            /** @description The most credits the key may spend per calendar month (UTC). A request with a key that has reached it is refused with 402 `key_cap_reached`. Null for no cap. */
            monthly_credit_cap?: number | null
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
              /** @description The key's monthly credit cap; null for none. */
              monthly_credit_cap: number | null
              /** @description Credits charged to requests made with the key this calendar month (UTC). */
              credits_used_this_month: number
              /** @description The full secret. Returned only once, when the key is created. */
              key: string
            }
          }
        }
        /** @description Invalid name, expiry or monthly_credit_cap */
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
              detail: string
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
              detail: string
            }
          }
        }
        /** @description Called with an API key, two-factor authentication is on and the session is not verified (aal2), or the caller was removed from the company meanwhile (`not_a_member`) */
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
              detail: string
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
    /**
     * Revoke an API key
     * @description With a session or an API key; a key revokes what its creator could (any of the company's keys for owners and admins, their own for members), itself included.
     */
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
              detail: string
            }
          }
        }
        /** @description Two-factor authentication is on and the session is not verified (aal2), or the caller was removed from the company meanwhile */
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
              detail: string
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
              detail: string
            }
          }
        }
      }
    }
    options?: never
    head?: never
    /**
     * Set or remove an API key's monthly credit cap
     * @description A key that has spent its cap this calendar month (UTC) is refused with 402 `key_cap_reached` until the month ends or the cap is raised; other keys keep working. Owners and admins may change any key of the company, members their own.
     */
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
            /** @description The most credits the key may spend per calendar month (UTC). A request with a key that has reached it is refused with 402 `key_cap_reached`. Null for no cap. */
            monthly_credit_cap: number | null
          }
        }
      }
      responses: {
        /** @description The key with its new cap and this month's usage */
        200: {
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
              /** @description The key's monthly credit cap; null for none. */
              monthly_credit_cap: number | null
              /** @description Credits charged to requests made with the key this calendar month (UTC). */
              credits_used_this_month: number
            }
          }
        }
        /** @description Invalid monthly_credit_cap or key id */
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
              detail: string
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
              detail: string
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
              detail: string
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
              detail: string
            }
          }
        }
      }
    }
    trace?: never
  }
  "/billing/payments": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** The company's purchases of credits, newest first (owners and admins) */
    get: {
      parameters: {
        query?: {
          limit?: number
          offset?: number | null
        }
        header?: never
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description One page of purchases and how many there are */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              payments: {
                id: string
                /** @description When the checkout was started (ISO 8601, UTC). */
                created_at: string
                /** @description When it was paid; null unless paid. */
                paid_at: string | null
                credits: number
                /** @description In the currency's units, e.g. 20.5 for $20.50. */
                amount: number
                amount_cents: number
                /** @description ISO 4217, lower case. */
                currency: string
                /**
                 * @description A checkout left pending for 24 hours is listed as expired.
                 * @enum {string}
                 */
                status: "paid" | "pending" | "canceled" | "expired"
                /** @description Set once the purchase is credited. */
                receipt_number: string | null
                /** @description Stripe's own receipt, for Stripe purchases. */
                receipt_url: string | null
                /** @description Where to continue paying; only for an open (pending, unexpired) purchase. */
                checkout_url: string | null
                /** @description Email of the member who started the checkout. */
                started_by: string | null
              }[]
              total: number
              offset: number
              limit: number
            }
          }
        }
        /** @description Invalid limit or offset */
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
              detail: string
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
              detail: string
            }
          }
        }
        /** @description Members, and API keys, cannot see billing */
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
              detail: string
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
  "/billing/payments/{id}/receipt": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** A paid purchase's receipt (owners and admins) */
    get: {
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
        /** @description The receipt */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              receipt_number: string
              payment_id: string
              company_name: string | null
              /** @description The member who bought (else the company's owner). */
              billed_to: string | null
              paid_at: string
              credits: number
              amount: number
              amount_cents: number
              currency: string
              /** @enum {string} */
              provider: "local" | "stripe"
              /** @description Stripe's payment intent, else the checkout session id. */
              payment_reference: string
              receipt_url: string | null
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
              detail: string
            }
          }
        }
        /** @description Members, and API keys, cannot see billing */
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
              detail: string
            }
          }
        }
        /** @description No such payment in the company, or it is not paid */
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
              detail: string
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
  "/billing/payments/{id}/receipt.pdf": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** A paid purchase's receipt as a PDF (owners and admins) */
    get: {
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
        /** @description The receipt, one A4 page */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/pdf": string
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
              detail: string
            }
          }
        }
        /** @description Members, and API keys, cannot see billing */
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
              detail: string
            }
          }
        }
        /** @description No such payment in the company, or it is not paid */
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
              detail: string
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
              /** @description The caller's email: the signed-in person, the person who approved an app, or the creator of an API key (null when that person has left). */
              member_email: string | null
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
              detail: string
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
                /** @description While the invitation is pending: when its link stops working (seven days after it was sent or resent). Null once joined. */
                invitation_expires_at: string | null
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
              detail: string
            }
          }
        }
      }
    }
    put?: never
    /**
     * Invite a colleague by email (owners and admins)
     * @description Sends an invitation email; its link sets a password and opens this company's dashboard. The invitation is pending for seven days (`invitation_expires_at`) and binds nobody until accepted: the invitee may decline it from the email, or sign up their own company, which voids it. Only owners may invite owners.
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
              /** @description While the invitation is pending: when its link stops working (seven days after it was sent or resent). Null once joined. */
              invitation_expires_at: string | null
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
              detail: string
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
              detail: string
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
              detail: string
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
              detail: string
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
              detail: string
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
              detail: string
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
              detail: string
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
              detail: string
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
              /** @description While the invitation is pending: when its link stops working (seven days after it was sent or resent). Null once joined. */
              invitation_expires_at: string | null
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
              detail: string
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
              detail: string
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
              detail: string
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
              detail: string
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
              detail: string
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
    /** Send a pending invitation again, with a new link and seven more days (also once expired) */
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
              /** @description While the invitation is pending: when its link stops working (seven days after it was sent or resent). Null once joined. */
              invitation_expires_at: string | null
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
              detail: string
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
              detail: string
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
              detail: string
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
              detail: string
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
     * @description Append-only: events cannot be changed or deleted through any API. Page with `before` = the previous page's `next_before`, keeping the same `action` and `member` filters.
     */
    get: {
      parameters: {
        query?: {
          limit?: number
          before?: string
          /** @description Only these actions, comma separated; a kind (the part before the dot, e.g. `style_guide`) stands for all of its actions. */
          action?: string
          /** @description Only what this member did (their id from /members). */
          member?: string
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
                  | "member.declined"
                  | "member.invitation_voided"
                  | "api_key.created"
                  | "api_key.revoked"
                  | "api_key.cap_changed"
                  | "credits.purchased"
                  | "language.added"
                  | "language.deleted"
                  | "password.changed"
                  | "two_factor.enabled"
                  | "two_factor.removed"
                  | "two_factor.recovery_codes_created"
                  | "two_factor.recovery_code_used"
                  | "low_balance_alert.changed"
                  | "connected_app.approved"
                  | "connected_app.revoked"
                  | "glossary.created"
                  | "glossary.updated"
                  | "glossary.deleted"
                  | "glossary.entries_changed"
                  | "style_guide.created"
                  | "style_guide.updated"
                  | "style_guide.deleted"
                  | "brand_voice.changed"
                  | "language.formality_changed"
                  | "language.custom_style_changed"
                  | "memory.imported"
                  | "settings.request_texts_changed"
                  | "webhook.created"
                  | "webhook.updated"
                  | "webhook.deleted"
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
        /** @description Invalid limit, before, action or member (the message names it) */
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
              detail: string
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
              detail: string
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
              detail: string
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
  "/invitations/decline": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Decline a pending invitation with the token from its email (no sign-in)
     * @description The token can only decline: the invited address is released and the inviting company's activity log records `member.declined`. An accepted, declined or withdrawn invitation answers 404.
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
            token: string
          }
        }
      }
      responses: {
        /** @description Declined */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              /** @description The invited address, now free of the invitation. */
              email: string
              /** @description The company whose invitation was declined. */
              company_name: string | null
            }
          }
        }
        /** @description Missing or malformed token */
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
              detail: string
            }
          }
        }
        /** @description No open invitation has this token */
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
              detail: string
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
  "/style-guide": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** The company's style guides */
    get: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description Every guide, in order */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              guides: {
                id: string
                title: string
                content: string
                is_enabled: boolean
                display_order: number
                created_at: string
                updated_at: string
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
              detail: string
            }
          }
        }
      }
    }
    put?: never
    /**
     * Add a style guide
     * @description Enabled guides go into every model call. At most 50 guides; owners and admins only.
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
            title: string
            content: string
            /** @default true */
            is_enabled?: boolean
            display_order?: number
          }
        }
      }
      responses: {
        /** @description The new guide */
        201: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              id: string
              title: string
              content: string
              is_enabled: boolean
              display_order: number
              created_at: string
              updated_at: string
            }
          }
        }
        /** @description Invalid input (the message names it) */
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
              detail: string
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
              detail: string
            }
          }
        }
        /** @description Only owners and admins change the style settings */
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
              detail: string
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
  "/style-guide/prompt": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** The brand voice */
    get: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description The brand voice, if any */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              /** @description The brand voice: how the company sounds in every language. */
              prompt: string | null
              exists: boolean
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
              detail: string
            }
          }
        }
      }
    }
    /**
     * Set the brand voice
     * @description How the company sounds in every language; null or an empty text removes it. Owners and admins only.
     */
    put: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody: {
        content: {
          "application/json": {
            prompt: string | null
          }
        }
      }
      responses: {
        /** @description The brand voice as saved */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              /** @description The brand voice: how the company sounds in every language. */
              prompt: string | null
              exists: boolean
            }
          }
        }
        /** @description Invalid input */
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
              detail: string
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
              detail: string
            }
          }
        }
        /** @description Only owners and admins change the style settings */
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
              detail: string
            }
          }
        }
      }
    }
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  "/style-guide/combined": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** What every model call is told about style */
    get: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description The brand voice and enabled guides, combined */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              /** @description What every model call is told: the brand voice, then each enabled guide. */
              prompt: string
              brand_voice: string | null
              guides: {
                id: string
                title: string
                content: string
              }[]
              /** @description False when there is neither a brand voice nor an enabled guide. */
              exists: boolean
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
              detail: string
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
  "/style-guide/{id}": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    /** Change a style guide */
    put: {
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
            title?: string
            content?: string
            is_enabled?: boolean
            display_order?: number
          }
        }
      }
      responses: {
        /** @description The guide as saved */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              id: string
              title: string
              content: string
              is_enabled: boolean
              display_order: number
              created_at: string
              updated_at: string
            }
          }
        }
        /** @description Invalid input */
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
              detail: string
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
              detail: string
            }
          }
        }
        /** @description Only owners and admins change the style settings */
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
              detail: string
            }
          }
        }
        /** @description No such guide in the account */
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
              detail: string
            }
          }
        }
      }
    }
    post?: never
    /** Delete a style guide */
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
        /** @description Deleted */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              /** @enum {boolean} */
              success: true
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
              detail: string
            }
          }
        }
        /** @description Only owners and admins change the style settings */
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
              detail: string
            }
          }
        }
        /** @description No such guide in the account */
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
              detail: string
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
  "/glossaries": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** The company's stored glossaries */
    get: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description Every glossary, by name */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              glossaries: {
                id: string
                name: string
                language_code: string
                entry_count: number
                created_at: string
                updated_at: string
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
              detail: string
            }
          }
        }
      }
    }
    put?: never
    /**
     * Store a glossary
     * @description Entries as pairs or CSV/TSV text; a problem names its row. At most 100 glossaries; names are unique within the company, whatever the case.
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
            language_code: string
            /**
             * @description {source, target} pairs or CSV/TSV text with the header source,target; at most 5,000 entries of at most 500 characters a term, each source term once.
             * @example [
             *       {
             *         "source": "Sign in",
             *         "target": "Anmelden"
             *       },
             *       {
             *         "source": "Cart",
             *         "target": "Warenkorb"
             *       }
             *     ]
             */
            entries:
              | {
                  source: string
                  target: string
                }[]
              | string
          }
        }
      }
      responses: {
        /** @description The new glossary */
        201: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              id: string
              name: string
              language_code: string
              entry_count: number
              created_at: string
              updated_at: string
            }
          }
        }
        /** @description Invalid input (the message names the row at fault) */
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
              detail: string
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
              detail: string
            }
          }
        }
        /** @description Another glossary of the company has this name (any case) */
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
              detail: string
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
  "/glossaries/{id}": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** A glossary's name, language and size */
    get: {
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
        /** @description The glossary */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              id: string
              name: string
              language_code: string
              entry_count: number
              created_at: string
              updated_at: string
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
              detail: string
            }
          }
        }
        /** @description No such glossary in the account */
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
              detail: string
            }
          }
        }
      }
    }
    put?: never
    post?: never
    /** Delete a glossary */
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
        /** @description Deleted */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              /** @enum {boolean} */
              success: true
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
              detail: string
            }
          }
        }
        /** @description No such glossary in the account */
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
              detail: string
            }
          }
        }
      }
    }
    options?: never
    head?: never
    /** Rename a glossary or change its language */
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
            name?: string
            language_code?: string
          }
        }
      }
      responses: {
        /** @description The glossary as saved */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              id: string
              name: string
              language_code: string
              entry_count: number
              created_at: string
              updated_at: string
            }
          }
        }
        /** @description Invalid input */
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
              detail: string
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
              detail: string
            }
          }
        }
        /** @description No such glossary in the account */
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
              detail: string
            }
          }
        }
        /** @description Another glossary of the company has this name (any case) */
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
              detail: string
            }
          }
        }
      }
    }
    trace?: never
  }
  "/glossaries/{id}/entries": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * A glossary's entries, as JSON or CSV
     * @description JSON by default; CSV (header source,target, formula-safe) with `?format=csv` or `Accept: text/csv`.
     */
    get: {
      parameters: {
        query?: {
          format?: "json" | "csv"
        }
        header?: never
        path: {
          id: string
        }
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description The entries */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              entries: {
                source: string
                target: string
              }[]
            }
            "text/csv": string
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
              detail: string
            }
          }
        }
        /** @description No such glossary in the account */
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
              detail: string
            }
          }
        }
      }
    }
    /** Replace a glossary's entries */
    put: {
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
            /**
             * @description {source, target} pairs or CSV/TSV text with the header source,target; at most 5,000 entries of at most 500 characters a term, each source term once.
             * @example [
             *       {
             *         "source": "Sign in",
             *         "target": "Anmelden"
             *       },
             *       {
             *         "source": "Cart",
             *         "target": "Warenkorb"
             *       }
             *     ]
             */
            entries:
              | {
                  source: string
                  target: string
                }[]
              | string
          }
        }
      }
      responses: {
        /** @description The glossary as saved */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              id: string
              name: string
              language_code: string
              entry_count: number
              created_at: string
              updated_at: string
            }
          }
        }
        /** @description Invalid entries (the message names the row at fault) */
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
              detail: string
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
              detail: string
            }
          }
        }
        /** @description No such glossary in the account */
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
              detail: string
            }
          }
        }
      }
    }
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  "/master-tm/entries": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * List translation memory entries
     * @description Newest first, filtered and paged.
     */
    get: {
      parameters: {
        query?: {
          source_lang?: string
          target_lang?: string
          information_source?: "manual" | "approved" | "user_glossary" | "import"
          /** @description Entries whose source or target text contains this, ignoring case. */
          search?: string
          enabled_only?: "0" | "1" | "true" | "false" | "True" | "False"
          limit?: number
          offset?: number | null
        }
        header?: never
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description A page of entries and the filtered total */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              entries: {
                id: string
                source_language_code: string
                target_language_code: string
                source_text: string
                target_text: string
                /** @enum {string} */
                information_source: "manual" | "approved" | "user_glossary" | "import"
                source_name: string | null
                enabled: boolean
                priority: number
                created_at: string
                updated_at: string
              }[]
              total: number
              offset: number
              limit: number
            }
          }
        }
        /** @description Invalid filter */
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
              detail: string
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
              detail: string
            }
          }
        }
      }
    }
    put?: never
    /** Add a translation memory entry */
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
            source_text: string
            target_text: string
            source_language_code: string
            target_language_code: string
            /**
             * @default manual
             * @enum {string}
             */
            information_source?: "manual" | "approved" | "user_glossary" | "import"
            /** @description A label for the entry, e.g. where the text appears. */
            source_name?: string | null
            /** @default true */
            enabled?: boolean
            /** @default 50 */
            priority?: number
          }
        }
      }
      responses: {
        /** @description The new entry */
        201: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              id: string
              source_language_code: string
              target_language_code: string
              source_text: string
              target_text: string
              /** @enum {string} */
              information_source: "manual" | "approved" | "user_glossary" | "import"
              source_name: string | null
              enabled: boolean
              priority: number
              created_at: string
              updated_at: string
            }
          }
        }
        /** @description Invalid entry (the message names the field) */
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
              detail: string
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
              detail: string
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
  "/master-tm/entries/{id}": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    post?: never
    /** Delete an entry */
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
        /** @description Deleted */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              /** @enum {boolean} */
              success: true
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
              detail: string
            }
          }
        }
        /** @description No such entry in the account */
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
              detail: string
            }
          }
        }
      }
    }
    options?: never
    head?: never
    /** Change an entry's translation or switch it on or off */
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
            target_text?: string
            enabled?: boolean
          }
        }
      }
      responses: {
        /** @description Saved */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              /** @enum {boolean} */
              success: true
              /**
               * @example {
               *       "id": "9a1f3c5e-7b2d-4e6f-8a0c-1d3e5f7a9b2c",
               *       "source_language_code": "en",
               *       "target_language_code": "de",
               *       "source_text": "Add to cart",
               *       "target_text": "In den Warenkorb",
               *       "information_source": "manual",
               *       "source_name": "Checkout button",
               *       "enabled": true,
               *       "priority": 50,
               *       "created_at": "2026-11-24T10:00:00.000Z",
               *       "updated_at": "2026-11-24T10:00:00.000Z"
               *     }
               */
              entry: {
                id: string
                source_language_code: string
                target_language_code: string
                source_text: string
                target_text: string
                /** @enum {string} */
                information_source: "manual" | "approved" | "user_glossary" | "import"
                source_name: string | null
                enabled: boolean
                priority: number
                created_at: string
                updated_at: string
              }
            }
          }
        }
        /** @description Invalid change */
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
              detail: string
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
              detail: string
            }
          }
        }
        /** @description No such entry in the account */
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
              detail: string
            }
          }
        }
      }
    }
    trace?: never
  }
  "/master-tm/fuzzy-search": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Find enabled entries like a text
     * @description Scores are pg_trgm similarity from 0 to 100; `exact` (100) only for the same source text. A language code without a region matches its regional entries (`fr` finds `fr-FR` and `fr-CA`); a regional one finds its own entries first, then the plain language's (`fr-FR` finds `fr-FR`, then `fr`). Codes compare without regard to case.
     */
    get: {
      parameters: {
        query: {
          query: string
          source_lang?: string
          target_lang?: string
          /** @description The lowest score to return (0–100); matches under 50 are never returned. */
          score_cutoff?: number | null
          limit?: number
        }
        header?: never
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description Matches, best first */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              matches: {
                tm_id: string
                score: number
                /** @enum {string} */
                match_type: "exact" | "fuzzy"
                source_text: string
                target_text: string
                target_language_code: string
                /** @enum {string} */
                information_source: "manual" | "approved" | "user_glossary" | "import"
                source_name: string | null
              }[]
            }
          }
        }
        /** @description Invalid query */
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
              detail: string
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
              detail: string
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
  "/master-tm/stats": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** How many entries, enabled and by source */
    get: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description Counts */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              total: number
              enabled: number
              disabled: number
              by_source: {
                [key: string]: {
                  total: number
                  enabled: number
                }
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
              detail: string
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
  "/master-tm/bulk-upload": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Add entries from a CSV or TMX file
     * @description CSV: a header row naming source_text and target_text, and optionally source_language_code, target_language_code and source_name (the dashboard's export, with source, target, source_language, target_language and name, reads too); comma, semicolon or tab separated. TMX 1.4: each <tu> gives an entry per language besides its srclang. At most 10 MB and 50,000 entries. An entry already in the memory (same source text, languages and target text) is skipped, so uploading a file twice adds nothing; a row that is not a valid entry is listed in errors and the others are added.
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
          "multipart/form-data": {
            /**
             * Format: binary
             * @description A CSV or TMX 1.4 file.
             */
            file: string
            /**
             * @description For rows (CSV) or files (TMX with srclang *all*) that name no source language; else en.
             * @example en
             */
            source_language_code?: string
            /**
             * @description For CSV rows without a target_language_code column or cell.
             * @example fr
             */
            target_language_code?: string
            /**
             * @description Where the entries come from; import unless given.
             * @example import
             * @enum {string}
             */
            information_source?: "manual" | "approved" | "user_glossary" | "import"
            /**
             * @description A label for rows without their own source_name, e.g. the file's origin.
             * @example Website 2025
             */
            source_name?: string
          }
        }
      }
      responses: {
        /** @description What was added, skipped and refused */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              /** @enum {boolean} */
              success: true
              /** @enum {string} */
              format: "csv" | "tmx"
              /** @description Entries read from the file, errors included. */
              total_rows: number
              added: number
              /** @description Entries already in the memory (same texts and languages) whose source name the file changed. */
              updated: number
              /** @description Entries already in the memory (same texts and languages) and left unchanged, or repeated in the file. */
              skipped: number
              failed: number
              /** @description The first 100 rows not added: the CSV row (the header is row 1) or the TMX <tu> (the first is 1). */
              errors: {
                row: number
                message: string
              }[]
            }
          }
        }
        /** @description No file, an invalid field, or a file that cannot be read (the message says where) */
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
              detail: string
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
              detail: string
            }
          }
        }
        /** @description Larger than 10 MB, or more than 50000 entries */
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
              detail: string
            }
          }
        }
        /** @description Not multipart form data, or the file is not CSV or TMX */
        415: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
              detail: string
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
  "/master-tm/bulk-delete": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Delete several entries
     * @description Up to 1,000 ids; those that are not entries of the account are answered in not_found.
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
            entry_ids: string[]
          }
        }
      }
      responses: {
        /** @description How many were deleted */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              /** @enum {boolean} */
              success: true
              deleted: number
              /** @description Ids that are not entries of your account. */
              not_found: string[]
            }
          }
        }
        /** @description Invalid entry_ids */
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
              detail: string
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
              detail: string
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
  "/master-tm/languages": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** The languages and language pairs in the memory, with entry counts */
    get: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description Languages, most entries first */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              source_languages: {
                code: string
                total: number
                enabled: number
              }[]
              target_languages: {
                code: string
                total: number
                enabled: number
              }[]
              pairs: {
                source_language_code: string
                target_language_code: string
                total: number
                enabled: number
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
              detail: string
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
  "/master-tm/sources": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** Where the memory's entries came from, with entry counts */
    get: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description Information sources and their labels */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              sources: {
                /** @enum {string} */
                information_source: "manual" | "approved" | "user_glossary" | "import"
                total: number
                enabled: number
                /** @description The entries' labels (source_name) within the source, most used first (at most 50). */
                names: {
                  source_name: string | null
                  total: number
                }[]
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
              detail: string
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
  "/operations": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * The company's operations, filtered, as a page of JSON or the whole result as CSV
     * @description Every member's operations (made on the dashboard or with any API key), newest first. Days are counted in `time_zone`. `format=csv` streams every matching operation (header id,created_at,action,language,tool,credits,api_key,member; dates ISO 8601 in UTC; cells that would run as spreadsheet formulas are prefixed with a quote); page and per_page apply to JSON only.
     */
    get: {
      parameters: {
        query?: {
          /** @description First day, inclusive (YYYY-MM-DD, in time_zone). */
          from?: string
          /** @description Last day, inclusive (YYYY-MM-DD, in time_zone). */
          to?: string
          /** @description IANA time zone the days are counted in (default UTC). */
          time_zone?: string
          /** @description Only operations into this language, as recorded (e.g. German). */
          language?: string
          /** @description Only operations made with this tool (dashboard, figma, photoshop, api, mcp, cli, github-action). */
          tool?: string
          /** @description Only operations made with this API key. */
          api_key_id?: string
          /** @description Only operations made by this member (their email). */
          member?: string
          /** @description Page number, from 1 (JSON only). */
          page?: number
          /** @description Operations per page, at most 100 (JSON only). */
          per_page?: number
          /** @description json: one page; csv: the whole filtered result, newest first, streamed. */
          format?: "json" | "csv"
        }
        header?: never
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description The page, or the CSV file */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              operations: {
                /** @description The operation's id (a number, as text). */
                id: string
                /** @description When it happened, ISO 8601 in UTC. */
                created_at: string
                action: string
                language: string | null
                tool: string
                /** @description Credits charged. */
                credits: number
                api_key_id: string | null
                api_key_name: string | null
                member_email: string | null
                /** @description The connected app (Connect) that made it for member_email; null otherwise. */
                app_name: string | null
              }[]
              /** @description How many operations match the filters. */
              total: number
              page: number
              per_page: number
            }
            "text/csv": string
          }
        }
        /** @description Invalid filter (the message names the parameter) */
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
              detail: string
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
              detail: string
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
  "/operations/{id}": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * One operation with its detail: characters, engine and model, duration, texts if kept
     * @description Details unknown for an operation (recorded before they were, or not measured for its kind) are null. `texts` are returned only when the company keeps request texts (GET /settings/request-texts) and for 30 days.
     */
    get: {
      parameters: {
        query?: never
        header?: never
        path: {
          /** @description The operation's id. */
          id: string
        }
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description The operation */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              /** @description The operation's id (a number, as text). */
              id: string
              /** @description When it happened, ISO 8601 in UTC. */
              created_at: string
              action: string
              language: string | null
              tool: string
              /** @description Credits charged. */
              credits: number
              api_key_id: string | null
              api_key_name: string | null
              member_email: string | null
              /** @description The connected app (Connect) that made it for member_email; null otherwise. */
              app_name: string | null
              /** @description The file id the request named; null when none. */
              file_id: string | null
              /** @description Characters sent; null when not measured. */
              characters: number | null
              /** @description Whether the answer came from memory (free); null when not recorded. */
              from_memory: boolean | null
              /** @description The engine that ran (offline, openai, anthropic). */
              engine: string | null
              /** @description The engine's model; null for the offline engine. */
              model: string | null
              /** @description How long the request took, in ms. */
              duration_ms: number | null
              /** @description The texts sent and returned (one pair per batch item), when the company kept them; null when not kept or older than 30 days. */
              texts:
                | {
                    /** @description The text sent. */
                    request: string
                    /** @description The text returned. */
                    result: string
                  }[]
                | null
              /** @description When the kept texts are deleted, ISO 8601 in UTC; null when none are kept. */
              texts_expire_at: string | null
            }
          }
        }
        /** @description The id is not an operation id */
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
              detail: string
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
              detail: string
            }
          }
        }
        /** @description No such operation in your company */
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
              detail: string
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
  "/settings/request-texts": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Whether the texts of requests are kept for 30 days
     * @description Off by default. When on, the texts sent and returned by new text requests are kept with their operation (GET /operations/{id}) for 30 days, then deleted; images' texts are never kept.
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
        /** @description The company's choice */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              /** @description Whether the texts of new requests are kept for 30 days. */
              enabled: boolean
              /** @description How many days kept texts are kept. */
              days: number
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
              detail: string
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
    /**
     * Keep request texts for 30 days, or stop (owners)
     * @description Applies to requests from now on: turning it off keeps nothing new, and texts already kept stay until their 30 days end. A signed-in session only.
     */
    patch: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody: {
        content: {
          "application/json": {
            enabled: boolean
          }
        }
      }
      responses: {
        /** @description The choice as saved */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              /** @description Whether the texts of new requests are kept for 30 days. */
              enabled: boolean
              /** @description How many days kept texts are kept. */
              days: number
            }
          }
        }
        /** @description enabled is not true or false */
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
              detail: string
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
              detail: string
            }
          }
        }
        /** @description Only owners may change it; API keys may not */
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
              detail: string
            }
          }
        }
      }
    }
    trace?: never
  }
  "/notifications": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** The low-balance alert: threshold, balance, and whether the balance is below it */
    get: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description The company's alert settings */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              /** @description Credits; null when the alert is off. */
              low_balance_threshold: number | null
              /** @description The company's balance, in credits. */
              balance: number
              /** @description The alert is on, the balance is below the threshold and the company has had credits before (a new account with no credits yet is not 'running low'). */
              below_threshold: boolean
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
              detail: string
            }
          }
        }
      }
    }
    /**
     * Set or turn off the low-balance alert (owners and admins)
     * @description When a debit takes the balance from at or above `low_balance_threshold` to below it, the company's owners get one email; the next one only after the balance has been back at or above it. Changing the threshold sends nothing. `null` turns the alert off. A signed-in session only.
     */
    put: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody: {
        content: {
          "application/json": {
            low_balance_threshold: number | null
          }
        }
      }
      responses: {
        /** @description The settings as saved */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              /** @description Credits; null when the alert is off. */
              low_balance_threshold: number | null
              /** @description The company's balance, in credits. */
              balance: number
              /** @description The alert is on, the balance is below the threshold and the company has had credits before (a new account with no credits yet is not 'running low'). */
              below_threshold: boolean
            }
          }
        }
        /** @description low_balance_threshold is not a whole number from 1 to 1,000,000,000 */
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
              detail: string
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
              detail: string
            }
          }
        }
        /** @description Members may read the alert but not change it; API keys may not */
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
              detail: string
            }
          }
        }
      }
    }
    post?: never
    delete?: never
    options?: never
    head?: never
    /**
     * Set or turn off the low-balance alert (owners and admins)
     * @description When a debit takes the balance from at or above `low_balance_threshold` to below it, the company's owners get one email; the next one only after the balance has been back at or above it. Changing the threshold sends nothing. `null` turns the alert off. A signed-in session only.
     */
    patch: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody: {
        content: {
          "application/json": {
            low_balance_threshold: number | null
          }
        }
      }
      responses: {
        /** @description The settings as saved */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              /** @description Credits; null when the alert is off. */
              low_balance_threshold: number | null
              /** @description The company's balance, in credits. */
              balance: number
              /** @description The alert is on, the balance is below the threshold and the company has had credits before (a new account with no credits yet is not 'running low'). */
              below_threshold: boolean
            }
          }
        }
        /** @description low_balance_threshold is not a whole number from 1 to 1,000,000,000 */
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
              detail: string
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
              detail: string
            }
          }
        }
        /** @description Members may read the alert but not change it; API keys may not */
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
              detail: string
            }
          }
        }
      }
    }
    trace?: never
  }
  "/usage": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Operations and credits over a range of days, in total and grouped
     * @description The company's operations and the credits they cost, made by any member or API key, from `from` to `to` (calendar days in `time_zone`, both included), with one row per day (days with operations, oldest first) or per language, tool, API key or member (most credits first; key '' gathers operations without one). At most 400 days per request; without `from`, all time (with `group_by=day`, still at most 400 days).
     */
    get: {
      parameters: {
        query?: {
          /** @description First day, inclusive (YYYY-MM-DD, in time_zone). Omitted: the day of the company's first operation (all time). */
          from?: string
          /** @description Last day, inclusive (YYYY-MM-DD, in time_zone). Omitted: today. */
          to?: string
          /** @description One row per day (default), language, tool, API key or member. */
          group_by?: "day" | "language" | "tool" | "api_key" | "member"
          /** @description IANA time zone the days are counted in (default UTC). */
          time_zone?: string
        }
        header?: never
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description The usage */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              from: string
              to: string
              /** @enum {string} */
              group_by: "day" | "language" | "tool" | "api_key" | "member"
              time_zone: string
              total: {
                operations: number
                credits: number
              }
              rows: {
                operations: number
                credits: number
                /** @description The group: a day (YYYY-MM-DD), a language, a tool, an API key id or a member's email; '' for operations without one. */
                key: string
                /** @description What to show for the key (an API key's name, 'No API key', …). */
                label: string
              }[]
            }
          }
        }
        /** @description Invalid from, to, group_by or time_zone (the message names it) */
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
              detail: string
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
              detail: string
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
  "/usage/balance": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** The credit balance and this month's spending */
    get: {
      parameters: {
        query?: never
        header?: never
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description The balance */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              /** @description The company's balance. */
              credits: number
              /** @description Credits charged since the first day of this calendar month (UTC). */
              spent_this_month: number
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
              detail: string
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
  "/connected-apps": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * List the apps connected through Connect (OAuth)
     * @description Every approval of an app: the whole company's for owners and admins, a member's own for members. Each names the app, who approved it, the scopes, and when it was approved and last used.
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
        /** @description Approvals, newest first */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              connected_apps: {
                id: string
                client_id: string
                name: string
                approved_by: {
                  email: string
                } | null
                scopes: ("translate" | "read" | "manage" | "offline_access")[]
                approved_at: string
                last_used_at: string | null
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
              detail: string
            }
          }
        }
        /** @description Called with an API key or an app's token */
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
              detail: string
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
  "/connected-apps/{id}": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    post?: never
    /**
     * Disconnect an app
     * @description Ends the approval and every token issued under it: the app's next request is refused with 401. Owners and admins may disconnect any member's app; members their own.
     */
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
        /** @description Disconnected */
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
              detail: string
            }
          }
        }
        /** @description Called with an API key or an app's token */
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
              detail: string
            }
          }
        }
        /** @description No such approval visible to the caller */
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
              detail: string
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
  "/webhooks": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * The company's webhook endpoints (owners and admins)
     * @description Oldest first. The signing secret is never returned here. Members (not owners or admins) are refused with 403.
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
        /** @description The endpoints */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              webhooks: {
                id: string
                url: string
                events: (
                  | "credits.low"
                  | "credits.purchased"
                  | "key.cap_reached"
                  | "job.completed"
                  | "member.joined"
                  | "member.removed"
                  | "ping"
                )[]
                description: string
                enabled: boolean
                disabled_reason: string | null
                created_at: string
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
              detail: string
            }
          }
        }
        /** @description Only owners and admins manage webhooks */
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
              detail: string
            }
          }
        }
      }
    }
    put?: never
    /**
     * Register an endpoint; its signing secret is returned once
     * @description Events: `credits.low` (The credit balance fell below the low-balance alert threshold), `credits.purchased` (A credit purchase was paid and the credits added), `key.cap_reached` (An API key reached its monthly credit cap), `job.completed` (An i18n file job finished), `member.joined` (Someone accepted an invitation and joined the company), `member.removed` (A member was removed from the company), `ping` (A test event, sent by Send test). Deliveries are signed as the Standard Webhooks specification says (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256>`) with the `whsec_…` secret in this answer, which is never shown again. In production the URL must be `https://` and reach a public address: hosts that are or resolve to private, loopback, link-local, unique-local, carrier-grade NAT or unspecified addresses (IPv4 or IPv6) are refused.
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
            url: string
            events: (
              | "credits.low"
              | "credits.purchased"
              | "key.cap_reached"
              | "job.completed"
              | "member.joined"
              | "member.removed"
              | "ping"
            )[]
            description?: string
          }
        }
      }
      responses: {
        /** @description The endpoint, with its secret */
        201: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              id: string
              url: string
              events: (
                | "credits.low"
                | "credits.purchased"
                | "key.cap_reached"
                | "job.completed"
                | "member.joined"
                | "member.removed"
                | "ping"
              )[]
              description: string
              enabled: boolean
              disabled_reason: string | null
              created_at: string
              /** @description The signing secret (`whsec_…`). Returned only once, when the endpoint is created. */
              secret: string
            }
          }
        }
        /** @description Invalid URL, events or description; or a URL that is not allowed */
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
              detail: string
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
              detail: string
            }
          }
        }
        /** @description Only owners and admins manage webhooks */
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
              detail: string
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
  "/webhooks/{id}": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * One endpoint (without its secret)
     * @description `enabled` is false when someone turned the endpoint off or the server did after 3 days of failures (then `disabled_reason` says so).
     */
    get: {
      parameters: {
        query?: never
        header?: never
        path: {
          /** @description The endpoint's id */
          id: string
        }
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description The endpoint */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              id: string
              url: string
              events: (
                | "credits.low"
                | "credits.purchased"
                | "key.cap_reached"
                | "job.completed"
                | "member.joined"
                | "member.removed"
                | "ping"
              )[]
              description: string
              enabled: boolean
              disabled_reason: string | null
              created_at: string
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
              detail: string
            }
          }
        }
        /** @description Only owners and admins manage webhooks */
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
              detail: string
            }
          }
        }
        /** @description No such endpoint (or delivery) in your company */
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
              detail: string
            }
          }
        }
      }
    }
    put?: never
    post?: never
    /**
     * Delete an endpoint and its deliveries
     * @description Deliveries still pending for it are dropped; its secret stops being used at once. Recorded in the activity log.
     */
    delete: {
      parameters: {
        query?: never
        header?: never
        path: {
          /** @description The endpoint's id */
          id: string
        }
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description Deleted */
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
              detail: string
            }
          }
        }
        /** @description Only owners and admins manage webhooks */
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
              detail: string
            }
          }
        }
        /** @description No such endpoint (or delivery) in your company */
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
              detail: string
            }
          }
        }
      }
    }
    options?: never
    head?: never
    /**
     * Change an endpoint's URL, events, description, or turn it on or off
     * @description Turning an endpoint on clears `disabled_reason`; deliveries that waited while it was off are then sent, in order. In production the URL must be `https://` and reach a public address: hosts that are or resolve to private, loopback, link-local, unique-local, carrier-grade NAT or unspecified addresses (IPv4 or IPv6) are refused.
     */
    patch: {
      parameters: {
        query?: never
        header?: never
        path: {
          /** @description The endpoint's id */
          id: string
        }
        cookie?: never
      }
      requestBody: {
        content: {
          "application/json": {
            url?: string
            events?: (
              | "credits.low"
              | "credits.purchased"
              | "key.cap_reached"
              | "job.completed"
              | "member.joined"
              | "member.removed"
              | "ping"
            )[]
            description?: string
            enabled?: boolean
          }
        }
      }
      responses: {
        /** @description The endpoint as changed */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              id: string
              url: string
              events: (
                | "credits.low"
                | "credits.purchased"
                | "key.cap_reached"
                | "job.completed"
                | "member.joined"
                | "member.removed"
                | "ping"
              )[]
              description: string
              enabled: boolean
              disabled_reason: string | null
              created_at: string
            }
          }
        }
        /** @description Invalid URL, events or description; or a URL that is not allowed */
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
              detail: string
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
              detail: string
            }
          }
        }
        /** @description Only owners and admins manage webhooks */
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
              detail: string
            }
          }
        }
        /** @description No such endpoint (or delivery) in your company */
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
              detail: string
            }
          }
        }
      }
    }
    trace?: never
  }
  "/webhooks/{id}/test": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Send a `ping` event to the endpoint
     * @description Queues a `ping` (whether or not the endpoint subscribes to it); it is sent within seconds, after any delivery still waiting for this endpoint (one at a time, in order), or when the endpoint is turned back on if it is off. Watch it in the deliveries.
     */
    post: {
      parameters: {
        query?: never
        header?: never
        path: {
          /** @description The endpoint's id */
          id: string
        }
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description The queued delivery */
        202: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              id: string
              message_id: string
              /** @enum {string} */
              event:
                | "credits.low"
                | "credits.purchased"
                | "key.cap_reached"
                | "job.completed"
                | "member.joined"
                | "member.removed"
                | "ping"
              /** @enum {string} */
              status: "pending" | "succeeded" | "failed"
              attempts: number
              response_status: number | null
              response_body: string | null
              duration_ms: number | null
              created_at: string
              last_attempt_at: string | null
              next_attempt_at: string | null
              payload: {
                [key: string]: unknown
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
              detail: string
            }
          }
        }
        /** @description Only owners and admins manage webhooks */
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
              detail: string
            }
          }
        }
        /** @description No such endpoint (or delivery) in your company */
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
              detail: string
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
  "/webhooks/{id}/deliveries": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * The endpoint's latest 50 deliveries, newest first
     * @description Each with its status (pending, succeeded, failed), attempts, and the last attempt's response code, body (first 1,000 characters) and duration. A failed attempt is retried after 5 s, 1 min, 5 min, 30 min, 2 h, 5 h, then every 10 h, until 72 hours after the event.
     */
    get: {
      parameters: {
        query?: never
        header?: never
        path: {
          /** @description The endpoint's id */
          id: string
        }
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description The deliveries */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              deliveries: {
                id: string
                message_id: string
                /** @enum {string} */
                event:
                  | "credits.low"
                  | "credits.purchased"
                  | "key.cap_reached"
                  | "job.completed"
                  | "member.joined"
                  | "member.removed"
                  | "ping"
                /** @enum {string} */
                status: "pending" | "succeeded" | "failed"
                attempts: number
                response_status: number | null
                response_body: string | null
                duration_ms: number | null
                created_at: string
                last_attempt_at: string | null
                next_attempt_at: string | null
                payload: {
                  [key: string]: unknown
                }
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
              detail: string
            }
          }
        }
        /** @description Only owners and admins manage webhooks */
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
              detail: string
            }
          }
        }
        /** @description No such endpoint (or delivery) in your company */
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
              detail: string
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
  "/webhooks/{id}/deliveries/{delivery_id}/resend": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Send a delivery again, with the same message id
     * @description The delivery goes back to pending and is sent again under its original `webhook-id` (receivers that dedupe on it treat it as a repeat).
     */
    post: {
      parameters: {
        query?: never
        header?: never
        path: {
          /** @description The endpoint's id */
          id: string
          /** @description The delivery's id */
          delivery_id: string
        }
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description The queued delivery */
        202: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              id: string
              message_id: string
              /** @enum {string} */
              event:
                | "credits.low"
                | "credits.purchased"
                | "key.cap_reached"
                | "job.completed"
                | "member.joined"
                | "member.removed"
                | "ping"
              /** @enum {string} */
              status: "pending" | "succeeded" | "failed"
              attempts: number
              response_status: number | null
              response_body: string | null
              duration_ms: number | null
              created_at: string
              last_attempt_at: string | null
              next_attempt_at: string | null
              payload: {
                [key: string]: unknown
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
              detail: string
            }
          }
        }
        /** @description Only owners and admins manage webhooks */
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
              detail: string
            }
          }
        }
        /** @description No such endpoint (or delivery) in your company */
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
              detail: string
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
  "/files/culturalize": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Culturalize an i18n resource file into up to 20 languages
     * @description A whole resource file — json, i18next, arb, xcstrings, yaml, po, xliff, android, strings, stringsdict, csv — with its keys, order, comments, placeholders, ICU messages and plural forms kept intact (plural forms for every CLDR category of each target). Send JSON with the file's text in `content`, or multipart/form-data with the file in `file`. Up to 20 target languages by code or name. Priced as a batch: each distinct text sent to the engine as a single request; texts the memory holds (an earlier run, a single request with the same settings) are free, so an unchanged file costs nothing again. One operation per language (action `translate_file`, file id = `filename`). A string that comes back with its placeholders broken is asked once more, then left in the source language with a warning naming its key. Files up to 1 MB that send at most 2000 texts to the engine (all languages together) are answered at once (200); larger ones, up to 20 MB, or ones with more to translate, answer 202 with a job to follow at `GET /jobs/{id}`, charged as it finishes each language. With an Idempotency-Key, a repeat gets the same answer or the same job.
     */
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
      requestBody?: {
        content: {
          "application/json": {
            /** @description The file's name or path (locales/en.json); its ending picks the format, and it is the operation's file id. */
            filename: string
            /** @description Up to 20 languages, as codes (fr, pt-BR) or names (French, Japanese): a list or comma-separated text ("French,German,Japanese"). */
            target_languages: string | string[]
            /** @description The file's language, by code or name; default: what the file declares (XLIFF, PO, ARB…), else English. */
            source_language?: string
            /**
             * @description The file's format; default: detected from the name and the content.
             * @enum {string}
             */
            format?:
              | "json"
              | "i18next"
              | "arb"
              | "xcstrings"
              | "yaml"
              | "po"
              | "xliff"
              | "android"
              | "strings"
              | "stringsdict"
              | "csv"
            /**
             * @description The tone: very_informal, informal, neutral, formal, very_formal; DeepL's prefer_more and prefer_less mean formal and informal.
             * @example formal
             * @enum {string}
             */
            formality?:
              | "very_informal"
              | "informal"
              | "neutral"
              | "formal"
              | "very_formal"
              | "prefer_more"
              | "prefer_less"
            glossary_id?: string | null
            /** @description What the file is (an app's settings screen…); guidance for every string. */
            context?: string
            /**
             * @default api
             * @enum {string}
             */
            tool?: "api" | "cli" | "github-action"
            /** @description The file's text (UTF-8), at most 20 MB. */
            content: string
            /** @description The previous output per target language (keyed by the language as given in target_languages, or its code): keys whose source did not change keep their translation there (human edits survive), only new or changed keys are translated, removed keys are dropped. */
            existing?: {
              [key: string]: string
            }
            /** @description Estimate only (the CLI's --dry-run): answer each language's strings_total, strings_translated (what would be sent), strings_from_memory and cost as a real run would, with content empty and dry_run: true; nothing is translated, charged or recorded. */
            dry_run?: boolean
          }
          "multipart/form-data": {
            /**
             * Format: binary
             * @description The resource file
             */
            file: string
            /** @description Default: the uploaded file's name. */
            filename?: string
            /** @description Up to 20 languages, as codes (fr, pt-BR) or names (French, Japanese): a list or comma-separated text ("French,German,Japanese"). */
            target_languages: string | string[]
            /** @description The file's language, by code or name; default: what the file declares (XLIFF, PO, ARB…), else English. */
            source_language?: string
            /**
             * @description The file's format; default: detected from the name and the content.
             * @enum {string}
             */
            format?:
              | "json"
              | "i18next"
              | "arb"
              | "xcstrings"
              | "yaml"
              | "po"
              | "xliff"
              | "android"
              | "strings"
              | "stringsdict"
              | "csv"
            /**
             * @description The tone: very_informal, informal, neutral, formal, very_formal; DeepL's prefer_more and prefer_less mean formal and informal.
             * @example formal
             * @enum {string}
             */
            formality?:
              | "very_informal"
              | "informal"
              | "neutral"
              | "formal"
              | "very_formal"
              | "prefer_more"
              | "prefer_less"
            glossary_id?: string | null
            /** @description What the file is (an app's settings screen…); guidance for every string. */
            context?: string
            /**
             * @default api
             * @enum {string}
             */
            tool?: "api" | "cli" | "github-action"
            /** @description The previous outputs as JSON text: {"fr": "…", "de": "…"}. */
            existing?: string
          }
        }
      }
      responses: {
        /** @description Every language's file, and what they cost */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              files: {
                /** @description The target's canonical BCP 47 code */
                language_code: string
                /** @description The target's English name */
                language: string
                /** @description The file's name with the language put in where it names one */
                filename: string
                /** @enum {string} */
                format:
                  | "json"
                  | "i18next"
                  | "arb"
                  | "xcstrings"
                  | "yaml"
                  | "po"
                  | "xliff"
                  | "android"
                  | "strings"
                  | "stringsdict"
                  | "csv"
                strings_total: number
                /** @description Strings sent to the engine in this run */
                strings_translated: number
                /** @description Strings answered for free: translation memory, an earlier run or `existing` */
                strings_from_memory: number
                cost: number
                warnings: {
                  /** @description The string's key in the file */
                  key: string
                  /** @enum {string} */
                  code: "kept_source" | "placeholders"
                  message: string
                }[]
                /** @description The translated file */
                content: string
              }[]
              /** @description Credits charged for every language together */
              cost: number
              /** @description True when the request was a dry run: the costs are what a real run would charge. */
              dry_run?: boolean
            }
          }
        }
        /** @description A file over 1 MB, or with more than 2000 texts to send: the job that translates it (GET /jobs/{id}) */
        202: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              id: string
              /** @enum {string} */
              status: "queued" | "running" | "completed" | "failed"
              filename: string
              /** @enum {string} */
              format:
                | "json"
                | "i18next"
                | "arb"
                | "xcstrings"
                | "yaml"
                | "po"
                | "xliff"
                | "android"
                | "strings"
                | "stringsdict"
                | "csv"
              progress: {
                languages_total: number
                languages_done: number
                percent: number
              }
              files: {
                /** @description The target's canonical BCP 47 code */
                language_code: string
                /** @description The target's English name */
                language: string
                /** @description The file's name with the language put in where it names one */
                filename: string
                /** @enum {string} */
                format:
                  | "json"
                  | "i18next"
                  | "arb"
                  | "xcstrings"
                  | "yaml"
                  | "po"
                  | "xliff"
                  | "android"
                  | "strings"
                  | "stringsdict"
                  | "csv"
                strings_total: number
                /** @description Strings sent to the engine in this run */
                strings_translated: number
                /** @description Strings answered for free: translation memory, an earlier run or `existing` */
                strings_from_memory: number
                cost: number
                warnings: {
                  /** @description The string's key in the file */
                  key: string
                  /** @enum {string} */
                  code: "kept_source" | "placeholders"
                  message: string
                }[]
                /** @enum {string} */
                status: "pending" | "completed" | "failed"
                /** @description Where the translated file is, for 7 days (GET, same credentials) */
                download_url: string | null
                error: {
                  code: string
                  message: string
                } | null
              }[]
              /** @description Credits charged so far */
              cost: number
              created_at: string
              completed_at: string | null
              /** @description When the job and its files are deleted */
              expires_at: string
            }
          }
        }
        /** @description Invalid input: a malformed file (malformed_file, naming the line and column), an unknown format (unknown_format), an unknown language (naming it), more than 20 languages */
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
              detail: string
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
              detail: string
            }
          }
        }
        /** @description The balance does not cover the whole file; nothing was charged */
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
              detail: string
            }
          }
        }
        /** @description glossary_id names no glossary of the company */
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
              detail: string
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
              detail: string
            }
          }
        }
        /** @description The file is larger than 20 MB (file_too_large) */
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
              detail: string
            }
          }
        }
        /** @description Neither JSON nor multipart, or a file neither UTF-8 nor UTF-16 (unsupported_encoding) */
        415: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              error: {
                code: string
                message: string
              }
              detail: string
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
              detail: string
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
              detail: string
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
              detail: string
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
              detail: string
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
  "/jobs": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * The company's file jobs, newest first
     * @description Every unexpired job (kept 7 days), optionally of one file: a client whose 202 answer was lost finds the job it started here.
     */
    get: {
      parameters: {
        query?: {
          /** @description Only jobs of this file (the request's filename) */
          filename?: string
          /** @description At most this many jobs (1-100, default 20) */
          limit?: number
        }
        header?: never
        path?: never
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description The jobs */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              jobs: {
                id: string
                /** @enum {string} */
                status: "queued" | "running" | "completed" | "failed"
                filename: string
                /** @enum {string} */
                format:
                  | "json"
                  | "i18next"
                  | "arb"
                  | "xcstrings"
                  | "yaml"
                  | "po"
                  | "xliff"
                  | "android"
                  | "strings"
                  | "stringsdict"
                  | "csv"
                progress: {
                  languages_total: number
                  languages_done: number
                  percent: number
                }
                files: {
                  /** @description The target's canonical BCP 47 code */
                  language_code: string
                  /** @description The target's English name */
                  language: string
                  /** @description The file's name with the language put in where it names one */
                  filename: string
                  /** @enum {string} */
                  format:
                    | "json"
                    | "i18next"
                    | "arb"
                    | "xcstrings"
                    | "yaml"
                    | "po"
                    | "xliff"
                    | "android"
                    | "strings"
                    | "stringsdict"
                    | "csv"
                  strings_total: number
                  /** @description Strings sent to the engine in this run */
                  strings_translated: number
                  /** @description Strings answered for free: translation memory, an earlier run or `existing` */
                  strings_from_memory: number
                  cost: number
                  warnings: {
                    /** @description The string's key in the file */
                    key: string
                    /** @enum {string} */
                    code: "kept_source" | "placeholders"
                    message: string
                  }[]
                  /** @enum {string} */
                  status: "pending" | "completed" | "failed"
                  /** @description Where the translated file is, for 7 days (GET, same credentials) */
                  download_url: string | null
                  error: {
                    code: string
                    message: string
                  } | null
                }[]
                /** @description Credits charged so far */
                cost: number
                created_at: string
                completed_at: string | null
                /** @description When the job and its files are deleted */
                expires_at: string
              }[]
            }
          }
        }
        /** @description An invalid filename or limit */
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
              detail: string
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
              detail: string
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
  "/jobs/{id}": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * A file job: its status, progress and each language's result
     * @description Languages are finished (and charged) one by one; each finished one can be downloaded from its `download_url` for 7 days. A `job.completed` webhook is sent when the job finishes.
     */
    get: {
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
        /** @description The job */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/json": {
              id: string
              /** @enum {string} */
              status: "queued" | "running" | "completed" | "failed"
              filename: string
              /** @enum {string} */
              format:
                | "json"
                | "i18next"
                | "arb"
                | "xcstrings"
                | "yaml"
                | "po"
                | "xliff"
                | "android"
                | "strings"
                | "stringsdict"
                | "csv"
              progress: {
                languages_total: number
                languages_done: number
                percent: number
              }
              files: {
                /** @description The target's canonical BCP 47 code */
                language_code: string
                /** @description The target's English name */
                language: string
                /** @description The file's name with the language put in where it names one */
                filename: string
                /** @enum {string} */
                format:
                  | "json"
                  | "i18next"
                  | "arb"
                  | "xcstrings"
                  | "yaml"
                  | "po"
                  | "xliff"
                  | "android"
                  | "strings"
                  | "stringsdict"
                  | "csv"
                strings_total: number
                /** @description Strings sent to the engine in this run */
                strings_translated: number
                /** @description Strings answered for free: translation memory, an earlier run or `existing` */
                strings_from_memory: number
                cost: number
                warnings: {
                  /** @description The string's key in the file */
                  key: string
                  /** @enum {string} */
                  code: "kept_source" | "placeholders"
                  message: string
                }[]
                /** @enum {string} */
                status: "pending" | "completed" | "failed"
                /** @description Where the translated file is, for 7 days (GET, same credentials) */
                download_url: string | null
                error: {
                  code: string
                  message: string
                } | null
              }[]
              /** @description Credits charged so far */
              cost: number
              created_at: string
              completed_at: string | null
              /** @description When the job and its files are deleted */
              expires_at: string
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
              detail: string
            }
          }
        }
        /** @description No such job of the company, or it has expired */
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
              detail: string
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
  "/jobs/{id}/files/{language_code}": {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** Download one language's translated file */
    get: {
      parameters: {
        query?: never
        header?: never
        path: {
          id: string
          language_code: string
        }
        cookie?: never
      }
      requestBody?: never
      responses: {
        /** @description The translated file, as an attachment named as in the job */
        200: {
          headers: {
            [name: string]: unknown
          }
          content: {
            "application/octet-stream": string
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
              detail: string
            }
          }
        }
        /** @description No such job or language, not finished yet, or expired */
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
              detail: string
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
