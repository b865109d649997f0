import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/domain/auth/clock.js';
import { DatabaseRateLimitStore } from '../../src/domain/rate-limit/rate-limit.store.js';
import { RateLimiter, rateLimited } from '../../src/domain/rate-limit/rate-limiter.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

const MINUTE = 60_000;
const limit = { limit: 3, windowMs: MINUTE };

describe('the database-backed rate limiter', () => {
  let test: TestDatabase;
  // Windows are aligned to the epoch: start the clock 10 s into a minute.
  const clock = manualClock(new Date('2026-03-01T10:00:10Z'));
  let limiter: RateLimiter;
  beforeAll(async () => {
    test = await createTestDatabase();
    limiter = new RateLimiter(new DatabaseRateLimitStore(test.db), clock);
  });
  afterAll(async () => {
    await test.drop();
  });

  it('allows `limit` hits per window, then refuses with the seconds left in the window', async () => {
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await limiter.consume('consume:a', limit));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(decisions.map((d) => d.remaining)).toEqual([2, 1, 0, 0]);
    expect(decisions[3]!.retryAfterSeconds).toBe(50);
    expect(decisions[3]!.resetAt.toISOString()).toBe('2026-03-01T10:01:00.000Z');

    const error = rateLimited(decisions[3]!, 'Too many calls');
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.retryAfter).toBe(50);
    expect(error.message).toBe('Too many calls; try again in 50 seconds');
  });

  it('starts counting again in the next window', async () => {
    await limiter.consume('window:a', limit);
    await limiter.consume('window:a', limit);
    await limiter.consume('window:a', limit);
    expect((await limiter.consume('window:a', limit)).allowed).toBe(false);
    clock.advance(MINUTE);
    const next = await limiter.consume('window:a', limit);
    expect(next).toMatchObject({ allowed: true, hits: 1, remaining: 2 });
  });

  it('counts each key apart', async () => {
    for (let i = 0; i < 3; i++) await limiter.consume('keys:a', limit);
    expect((await limiter.consume('keys:a', limit)).allowed).toBe(false);
    expect((await limiter.consume('keys:b', limit)).allowed).toBe(true);
  });

  it('peek decides without counting; hit counts; reset clears the key (failure-only limits such as logins)', async () => {
    expect(await limiter.peek('login:x', limit)).toMatchObject({ allowed: true, hits: 0, remaining: 3 });
    await limiter.hit('login:x', limit);
    await limiter.hit('login:x', limit);
    expect(await limiter.peek('login:x', limit)).toMatchObject({ allowed: true, hits: 2 });
    await limiter.hit('login:x', limit);
    expect(await limiter.peek('login:x', limit)).toMatchObject({ allowed: false, hits: 3 });
    expect(await limiter.peek('login:x', limit)).toMatchObject({ allowed: false, hits: 3 });
    await limiter.reset('login:x');
    expect(await limiter.peek('login:x', limit)).toMatchObject({ allowed: true, hits: 0 });
  });

  it('two limiters on one database (two instances of the service) share their counters', async () => {
    const other = new RateLimiter(new DatabaseRateLimitStore(test.db), clock);
    await limiter.consume('shared:a', limit);
    await other.consume('shared:a', limit);
    await limiter.consume('shared:a', limit);
    expect((await other.consume('shared:a', limit)).allowed).toBe(false);
  });

  it('concurrent hits are each counted once', async () => {
    const many = { limit: 10, windowMs: MINUTE };
    const decisions = await Promise.all(Array.from({ length: 25 }, () => limiter.consume('concurrent:a', many)));
    expect(decisions.map((d) => d.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
  });

  it('prune removes counters of windows long gone, and only those', async () => {
    await limiter.consume('prune:old', limit);
    clock.advance(10 * MINUTE);
    await limiter.consume('prune:new', limit);
    expect(await limiter.prune(5 * MINUTE)).toBeGreaterThanOrEqual(1);
    const keys = (await test.db.query<{ key: string }>("select key from rate_limit_counters where key like 'prune:%'")).map((r) => r.key);
    expect(keys).toEqual(['prune:new']);
  });
});
