import type { Logger } from "../../logger"

import type { Db } from "../../db/schema"
import { releaseClaim } from "./idempotency.repo"

export type Claim = { userId: string; key: string; attempt: string }

/** Retries start fast (an outage is often a restart or a failover of a few seconds). */
const RETRY_MS = { first: 100, max: 1_000 }
/** Past this many, a failed claim is left to go stale (an outage of hours with many keys). */
const MAX_PENDING = 10_000
/** By then any claim has gone stale (ENGINE_TIMEOUT_MS is at most 10 minutes) and is taken over. */
const GIVE_UP_MS = 15 * 60_000

/**
 * Gives up the claims of failed attempts. A claim is released when its attempt fails for a reason
 * that is not the request's answer (the database went away, a bug) — but when the database is
 * what failed, the release fails too, and the key would stay claimed until it went stale (the
 * engine's timeout plus a margin, over a minute), making the client's retry wait and get 409.
 * So a release that fails is kept and retried until the database answers again, and a send of
 * the same key on this process releases it first, before it claims. Releasing is safe at any
 * time: it deletes the claim only while it is still this attempt's and holds no answer (a charge
 * that did commit stored its answer on the claim in the same transaction).
 */
export class ClaimReleaser {
  private readonly pending = new Map<string, Claim & { since: number }>()
  private timer: NodeJS.Timeout | undefined
  private pause = RETRY_MS.first

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
  ) {}

  /** Releases the claim now, or as soon as the database answers again. */
  async release(claim: Claim) {
    try {
      await releaseClaim(this.db, claim)
    } catch (error) {
      this.logger.warn({ err: error }, "Idempotency-Key claim kept until the database answers")
      this.keep(claim)
    }
  }

  /**
   * Before a send claims the key: releases this process's failed attempt on it, if one is
   * waiting. Throws when the database still fails (the send fails as it would have anyway).
   */
  async releaseKept(userId: string, key: string) {
    const claim = this.pending.get(idOf(userId, key))
    if (!claim) return
    await releaseClaim(this.db, claim)
    this.forget(claim)
  }

  /** Whether `attempt` failed here and its claim awaits release. */
  isKept(userId: string, key: string, attempt: string) {
    return this.pending.get(idOf(userId, key))?.attempt === attempt
  }

  private keep(claim: Claim) {
    if (this.pending.size >= MAX_PENDING) return
    this.pending.set(idOf(claim.userId, claim.key), { ...claim, since: Date.now() })
    this.schedule()
  }

  private forget(claim: Claim) {
    const id = idOf(claim.userId, claim.key)
    if (this.pending.get(id)?.attempt === claim.attempt) this.pending.delete(id)
  }

  private schedule() {
    if (this.timer) return
    this.timer = setTimeout(() => void this.retry(), this.pause)
    // Never what keeps the process alive: a claim left at exit goes stale instead.
    this.timer.unref()
  }

  private async retry() {
    for (const claim of [...this.pending.values()]) {
      if (Date.now() - claim.since > GIVE_UP_MS) {
        this.forget(claim)
        continue
      }
      try {
        await releaseClaim(this.db, claim)
        this.forget(claim)
      } catch {
        break // still down: wait and try again
      }
    }
    this.timer = undefined
    this.pause = this.pending.size ? Math.min(this.pause * 2, RETRY_MS.max) : RETRY_MS.first
    if (this.pending.size) this.schedule()
  }
}

const idOf = (userId: string, key: string) => `${userId}\n${key}`

const releasers = new WeakMap<Db, ClaimReleaser>()

/** One releaser per database handle (each test app has its own). */
export function claimReleaser(db: Db, logger: Logger) {
  let releaser = releasers.get(db)
  if (!releaser) releasers.set(db, (releaser = new ClaimReleaser(db, logger)))
  return releaser
}
