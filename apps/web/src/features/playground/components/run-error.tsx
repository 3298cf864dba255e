import * as React from "react"

import { ApiError } from "@/lib/api-client"
import { errorMessage } from "@/lib/errors"

import { PanelError } from "./panel-error"

/** What a refused run means for the person: a title, whether it was charged and what to do. */
export type RunErrorInfo = {
  title: string
  /** The server's message, without a "Try again in N s." the live countdown replaces. */
  message: string
  /** True when the server refused before charging (every API error); unknown for the rest. */
  notCharged: boolean
  advice: string | null
  /** Seconds to wait before running again (429's Retry-After, as its message states it). */
  retryAfter: number | null
}

const TRY_AGAIN = /\s*Try again in (\d+) s\.?/

/** Reads a failed culturalization as the result panel shows it. */
export function describeRunError(error: unknown): RunErrorInfo {
  const message = errorMessage(error, "The text could not be culturalized.")
  if (!(error instanceof ApiError))
    return {
      title: "Culturalization failed",
      message,
      notCharged: false,
      advice: "Check your connection and run it again.",
      retryAfter: null,
    }
  const base = { message, notCharged: true, retryAfter: null }
  switch (error.code) {
    case "insufficient_credits":
      return { ...base, title: "Not enough credits", advice: null }
    case "max_characters_exceeded":
      return {
        ...base,
        title: "The result does not fit Max characters",
        advice: "Max characters is set under More options.",
      }
    case "text_too_long":
      return {
        ...base,
        title: "The text is too long",
        advice: "Shorten the text or send it in parts.",
      }
    case "rate_limited": {
      const wait = TRY_AGAIN.exec(message)
      return {
        ...base,
        title: "Too many requests",
        message: message.replace(TRY_AGAIN, "").trim(),
        advice: wait ? null : "Wait a moment, then run it again.",
        retryAfter: wait ? Number(wait[1]) : null,
      }
    }
    case "engine_failed":
    case "engine_timeout":
    case "service_unavailable":
      return {
        ...base,
        title: "The engine could not finish",
        advice: "Run it again in a moment. If it keeps failing, try a shorter text.",
      }
    default:
      if (error.status >= 500)
        return {
          ...base,
          title: "The engine could not finish",
          advice: "Run it again in a moment.",
        }
      return {
        ...base,
        title: "The request was refused",
        advice: "Check the text and the options, then run it again.",
      }
  }
}

/** Counts `seconds` down to 0, once a second; starts again for each new `source` (a new error). */
function useCountdown(seconds: number | null, source: unknown) {
  const [left, setLeft] = React.useState(seconds ?? 0)
  const [counting, setCounting] = React.useState(source)
  if (counting !== source) {
    setCounting(source)
    setLeft(seconds ?? 0)
  }
  React.useEffect(() => {
    if (!seconds) return
    const started = Date.now()
    const timer = window.setInterval(() => {
      const next = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000))
      setLeft(next)
      if (next === 0) window.clearInterval(timer)
    }, 1000)
    return () => window.clearInterval(timer)
  }, [seconds, source])
  return left
}

/**
 * A refused run in the Result panel, in the Image tab's error panel: what happened (the server's
 * words), that nothing was charged, and what to do — Buy Credits for 402 (or whom to ask), a
 * countdown for 429.
 */
export function RunError({ error }: { error: unknown }) {
  const info = describeRunError(error)
  const left = useCountdown(info.retryAfter, error)
  return (
    <PanelError error={error} title={info.title} message={info.message}>
      {info.notCharged && !/nothing was charged/i.test(info.message) && <p>Nothing was charged.</p>}
      {info.retryAfter !== null && (
        <p aria-live="polite">
          {left > 0 ? `Try again in ${left} s.` : "You can run it again now."}
        </p>
      )}
      {info.advice && <p>{info.advice}</p>}
    </PanelError>
  )
}
