import { describe, expect, it } from "vitest"

import { isDatabaseUnavailable } from "./unavailable"

function pgError(code: string, message = "x") {
  return Object.assign(new Error(message), { code })
}

describe("isDatabaseUnavailable", () => {
  it("recognises a terminated backend, a refused connection and our timeouts", () => {
    expect(
      isDatabaseUnavailable(
        pgError("57P01", "terminating connection due to administrator command"),
      ),
    ).toBe(true)
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true)
    expect(
      isDatabaseUnavailable(
        new Error("Client has encountered a connection error and is not queryable"),
      ),
    ).toBe(true)
    expect(
      isDatabaseUnavailable(pgError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")),
    ).toBe(true)
    expect(
      isDatabaseUnavailable(pgError("57014", "canceling statement due to statement timeout")),
    ).toBe(true)
    expect(isDatabaseUnavailable(pgError("55P03", "canceling statement due to lock timeout"))).toBe(
      true,
    )
    expect(isDatabaseUnavailable(new Error("wrapped", { cause: pgError("08006") }))).toBe(true)
  })

  it("leaves errors about the request itself alone", () => {
    expect(isDatabaseUnavailable(pgError("23505", "duplicate key value"))).toBe(false)
    expect(isDatabaseUnavailable(pgError("42501", "permission denied for table operations"))).toBe(
      false,
    )
    expect(
      isDatabaseUnavailable(pgError("22021", 'invalid byte sequence for encoding "UTF8": 0x00')),
    ).toBe(false)
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false)
    expect(isDatabaseUnavailable("Connection terminated")).toBe(false)
  })
})
