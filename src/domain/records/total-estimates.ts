import { LRUCache } from 'lru-cache';
import type { Clock } from '../auth/clock.js';

/** How long a planner estimate of a filtered total is reused, in milliseconds. */
export const TOTAL_ESTIMATE_TTL_MS = 10_000;
/** Estimates kept: beyond it the least recently used goes. */
export const TOTAL_ESTIMATES_MAX = 10_000;

const keyOf = (statement: { text: string; params: readonly unknown[] }) => `${statement.text}\u0000${JSON.stringify(statement.params)}`;

/**
 * The planner's estimates of filtered totals beyond the exact-count threshold (docs/records.md,
 * "Totals"), each reused for `ttlMs`: while one is kept, a list with the same conditions answers it as
 * its total without counting (its matches were beyond the threshold moments ago), so a list beyond
 * the threshold costs its page alone, not a bounded count and an EXPLAIN besides.
 * An estimate moves only when the table's statistics do (ANALYZE, autovacuum) or its size does, and
 * is flagged `totalExact: false` anyway. The price: for up to `ttlMs` after matches fell below the
 * threshold, their total is still that estimate (flagged so), where a count would have been exact.
 * Keyed by the estimate statement and its parameters, which begin with the
 * tenant and the entity: one tenant's estimate is never another's.
 */
export class TotalEstimates {
  private readonly cache: LRUCache<string, number>;

  constructor(clock: Clock, ttlMs = TOTAL_ESTIMATE_TTL_MS, max = TOTAL_ESTIMATES_MAX) {
    this.cache = new LRUCache({ max, ttl: ttlMs, ttlResolution: 0, perf: { now: () => clock.now().getTime() } });
  }

  /** The estimate of `statement` kept from the last `ttlMs`, if any. */
  kept(statement: { text: string; params: readonly unknown[] }): number | undefined {
    return this.cache.get(keyOf(statement));
  }

  /** The estimate of `statement`, from `estimate` when none younger than the TTL is kept. */
  async of(statement: { text: string; params: readonly unknown[] }, estimate: () => Promise<number>): Promise<number> {
    const key = keyOf(statement);
    const kept = this.cache.get(key);
    if (kept !== undefined) return kept;
    const value = await estimate();
    this.cache.set(key, value);
    return value;
  }
}
