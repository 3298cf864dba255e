import { RestError } from "../rest/errors"

/** The RestError `run` throws; anything else (or nothing) fails the test that asked for it. */
export function refusal(run: () => unknown): RestError {
  try {
    run()
  } catch (error) {
    if (error instanceof RestError) return error
    throw error
  }
  throw new Error("expected a RestError, nothing was thrown")
}
