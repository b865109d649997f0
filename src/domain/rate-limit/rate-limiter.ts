import { AppError } from '../../errors.js';
import type { Clock } from '../auth/clock.js';
import type { DatabaseRateLimitStore } from './rate-limit.store.js';

/** At most `limit` hits per `windowMs` for one key. */
export interface RateLimit {
  readonly limit: number;
  readonly windowMs: number;
}

export interface RateLimitDecision {
  readonly allowed: boolean;
  /** Hits counted in the current window (including this one, for `consume`). */
  readonly hits: number;
  readonly remaining: number;
  /** When the current window ends. */
  readonly resetAt: Date;
  /** Whole seconds until the window ends (at least 1): the `Retry-After` of a refusal. */
  readonly retryAfterSeconds: number;
}

/**
 * Fixed-window rate limits counted in the database (docs/rate-limits.md). Windows are aligned to
 * the epoch (`floor(now / windowMs)`), so every instance agrees on the window from its clock
 * alone. The clock is injected: tests move it instead of sleeping.
 *
 * - `consume` counts a hit and decides (API calls: each call counts, refused ones too).
 * - `peek` decides without counting; with `hit` and `reset` it serves limits that count only
 *   failures (logins: peek before checking the password, hit on failure, reset on success).

 *
 * Ours, not a library's, for a reason: `@fastify/rate-limit` limits HTTP routes only (channel tools
 * also run over MCP) and counts every request, not failures; `rate-limiter-flexible`'s PostgreSQL
 * store drives its own client (`pg`, Knex, Sequelize…) and manages its own table, and neither PGlite
 * nor our postgres.js adapter is one of them. What is left is one `insert … on conflict` statement
 * (`DatabaseRateLimitStore`) and the window arithmetic below (docs/rate-limits.md).
 */
export class RateLimiter {
  constructor(
    private readonly store: DatabaseRateLimitStore,
    private readonly clock: Clock,
  ) {}

  async consume(key: string, limit: RateLimit): Promise<RateLimitDecision> {
    const { now, windowStart } = this.window(limit);
    return decide(await this.store.increment(key, windowStart), limit, windowStart, now);
  }

  async peek(key: string, limit: RateLimit): Promise<RateLimitDecision> {
    const { now, windowStart } = this.window(limit);
    const hits = await this.store.read(key, windowStart);
    return { ...decide(hits, limit, windowStart, now), allowed: hits < limit.limit };
  }

  async hit(key: string, limit: RateLimit): Promise<void> {
    await this.store.increment(key, this.window(limit).windowStart);
  }

  reset(key: string): Promise<void> {
    return this.store.reset(key);
  }

  /** Removes counters whose window started more than `olderThanMs` ago (of keys starting with `prefix`, when given). */
  prune(olderThanMs: number, prefix?: string): Promise<number> {
    return this.store.prune(new Date(this.clock.now().getTime() - olderThanMs), prefix);
  }

  private window(limit: RateLimit) {
    const now = this.clock.now().getTime();
    return { now, windowStart: new Date(now - (now % limit.windowMs)) };
  }
}

function decide(hits: number, limit: RateLimit, windowStart: Date, now: number): RateLimitDecision {
  const resetAt = new Date(windowStart.getTime() + limit.windowMs);
  return {
    allowed: hits <= limit.limit,
    hits,
    remaining: Math.max(0, limit.limit - hits),
    resetAt,
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - now) / 1000)),
  };
}

/** RATE_LIMITED (429) with `Retry-After`, for a refused decision. */
export function rateLimited(decision: RateLimitDecision, message: string): AppError {
  return new AppError('RATE_LIMITED', `${message}; try again in ${decision.retryAfterSeconds} seconds`, undefined, {
    retryAfter: decision.retryAfterSeconds,
  });
}
