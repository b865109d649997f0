import { AppError } from "../../errors.js";
class RateLimiter {
  constructor(store, clock) {
    this.store = store;
    this.clock = clock;
  }
  store;
  clock;
  async consume(key, limit) {
    const { now, windowStart } = this.window(limit);
    return decide(await this.store.increment(key, windowStart), limit, windowStart, now);
  }
  async peek(key, limit) {
    const { now, windowStart } = this.window(limit);
    const hits = await this.store.read(key, windowStart);
    return { ...decide(hits, limit, windowStart, now), allowed: hits < limit.limit };
  }
  async hit(key, limit) {
    await this.store.increment(key, this.window(limit).windowStart);
  }
  reset(key) {
    return this.store.reset(key);
  }
  /** Removes counters whose window started more than `olderThanMs` ago (of keys starting with `prefix`, when given). */
  prune(olderThanMs, prefix) {
    return this.store.prune(new Date(this.clock.now().getTime() - olderThanMs), prefix);
  }
  window(limit) {
    const now = this.clock.now().getTime();
    return { now, windowStart: new Date(now - now % limit.windowMs) };
  }
}
function decide(hits, limit, windowStart, now) {
  const resetAt = new Date(windowStart.getTime() + limit.windowMs);
  return {
    allowed: hits <= limit.limit,
    hits,
    remaining: Math.max(0, limit.limit - hits),
    resetAt,
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - now) / 1e3))
  };
}
function rateLimited(decision, message) {
  return new AppError("RATE_LIMITED", `${message}; try again in ${decision.retryAfterSeconds} seconds`, void 0, {
    retryAfter: decision.retryAfterSeconds
  });
}
export {
  RateLimiter,
  rateLimited
};
//# sourceMappingURL=rate-limiter.js.map
