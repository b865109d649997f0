import bcrypt from 'bcrypt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_LIMITS } from '../../src/domain/auth/login-throttle.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createUser, PASSWORD } from './users.helpers.js';

/** Failed-login limits (docs/users.md) and answers that do not tell unknown emails apart. */
describe('tenant login abuse resistance', () => {
  let t: TestApp;
  let acme: Awaited<ReturnType<TestApp['createTenant']>>;
  let other: Awaited<ReturnType<TestApp['createTenant']>>;
  beforeAll(async () => {
    t = await createTestApp();
    acme = await t.createTenant('Acme');
    other = await t.createTenant('Other');
    await createUser(t, acme, { email: 'ana@example.com' });
    await createUser(t, acme, { email: 'bo@example.com' });
    await createUser(t, acme, { email: 'cy@example.com' });
    await createUser(t, other, { email: 'cy@example.com' });
    const off = await createUser(t, acme, { email: 'off@example.com' });
    await t.patch(`/api/auth/tenant/users/${off.id}`, { isActive: false }, { apiKey: acme.apiKey });
  });
  afterAll(async () => {
    await t.close();
  });

  /** Login from a given client address (inject's remoteAddress; the service does not trust proxies). */
  async function loginFrom(address: string, slug: string, email: string, password: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/tenant/login',
      remoteAddress: address,
      headers: { 'content-type': 'application/json', 'x-tenant-id': slug },
      payload: JSON.stringify({ email, password }),
    });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  }

  it('answers unknown email, wrong password and inactive user identically', async () => {
    const answers = await Promise.all([
      loginFrom('10.0.0.1', acme.slug, 'nobody@example.com', 'whatever-pass'),
      loginFrom('10.0.0.1', acme.slug, 'ana@example.com', 'wrong-password'),
      loginFrom('10.0.0.1', acme.slug, 'off@example.com', PASSWORD),
    ]);
    for (const a of answers) {
      expect(a.status).toBe(401);
      expect(a.body).toEqual({ success: false, error: { code: 'UNAUTHORIZED', message: 'Invalid email or password' } });
      expect(a.headers['retry-after']).toBeUndefined();
    }
  });

  it('spends a bcrypt comparison on unknown emails too (no fast path)', async () => {
    // Counted, not timed: an unknown email is compared against a dummy hash, exactly one bcrypt
    // comparison like a wrong password, so both answer in the same time.
    const compare = vi.spyOn(bcrypt, 'compare');
    try {
      const comparisons = async (email: string) => {
        compare.mockClear();
        await loginFrom('10.0.0.2', acme.slug, email, 'wrong-password');
        return compare.mock.calls.length;
      };
      expect(await comparisons('nobody@example.com')).toBe(1);
      expect(await comparisons('bo@example.com')).toBe(1);
    } finally {
      compare.mockRestore();
    }
    await loginFrom('10.0.0.2', acme.slug, 'bo@example.com', PASSWORD); // clears bo's counter
  });

  it('refuses an over-long password at login as a plain failure, not an error', async () => {
    const res = await loginFrom('10.0.0.3', acme.slug, 'ana@example.com', 'x'.repeat(200));
    expect(res.status).toBe(401);
  });

  it(`answers 429 with Retry-After after ${LOGIN_LIMITS.perAccountAndAddress} failures for one (tenant, email) from one address`, async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress; i++) {
      expect((await loginFrom('10.1.0.1', acme.slug, 'cy@example.com', 'wrong-password')).status).toBe(401);
    }
    const limited = await loginFrom('10.1.0.1', acme.slug, 'cy@example.com', PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_LIMITS.windowMs / 1000);
    // The same account from another address, another email from this address, and the same email
    // in another tenant are not refused.
    expect((await loginFrom('10.1.0.2', acme.slug, 'cy@example.com', PASSWORD)).status).toBe(200);
    expect((await loginFrom('10.1.0.1', acme.slug, 'bo@example.com', PASSWORD)).status).toBe(200);
    expect((await loginFrom('10.1.0.1', other.slug, 'cy@example.com', PASSWORD)).status).toBe(200);
    // When the window has passed, the right password works from that address again.
    t.clock.advance(LOGIN_LIMITS.windowMs);
    expect((await loginFrom('10.1.0.1', acme.slug, 'cy@example.com', PASSWORD)).status).toBe(200);
  });

  it('no stranger can lock an account: failures from many addresses slow its logins down, never refuse the right password', async () => {
    await createUser(t, acme, { email: 'target@example.com' });
    t.clock.sleeps.length = 0;
    // 30 wrong passwords from 15 addresses (2 each: none reaches its own limits).
    for (let i = 0; i < 30; i++) {
      expect((await loginFrom(`10.3.0.${i % 15}`, acme.slug, 'target@example.com', 'wrong-password')).status).toBe(401);
    }
    // From the 5th failure on each attempt waited, the wait doubling up to its cap.
    const waits = t.clock.sleeps.splice(0);
    expect(waits.slice(0, 4)).toEqual([250, 500, 1000, 2000]);
    expect(waits.length).toBe(30 - LOGIN_LIMITS.delayAfter);
    expect(Math.max(...waits)).toBe(LOGIN_LIMITS.delayMaxMs);
    // The owner, from an address without failures: slowed, not refused.
    const owner = await loginFrom('10.3.1.1', acme.slug, 'target@example.com', PASSWORD);
    expect(owner.status).toBe(200);
    expect(t.clock.sleeps.splice(0)).toEqual([LOGIN_LIMITS.delayMaxMs]);
  });

  it(`answers 429 after ${LOGIN_LIMITS.perAddress} failures from one address, whatever the email`, async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      expect((await loginFrom('10.2.0.1', acme.slug, `guess${i}@example.com`, 'wrong-password')).status).toBe(401);
    }
    const limited = await loginFrom('10.2.0.1', acme.slug, 'bo@example.com', PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await loginFrom('10.2.0.2', acme.slug, 'bo@example.com', PASSWORD)).status).toBe(200);
  }, 60_000);
});
