import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../src/domain/auth/login-throttle.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../helpers/app.js';
import { TEST_DATABASE } from '../helpers/database.js';
import { PASSWORD, createUser } from '../users/users.helpers.js';
import { startInstance, type Instance } from './instances.js';

/**
 * Failed logins spread over three instances of the service on one PostgreSQL database count
 * together (docs/security.md "Logins"): the counters are rows of the shared database, so a guesser
 * gains nothing by spreading attempts over the instances behind a load balancer. The instances
 * share the injected clock: the growing delay is recorded, never waited.
 */
describe.runIf(TEST_DATABASE === 'postgres')('login limits across instances on one PostgreSQL database', () => {
  let t: TestApp;
  let others: Instance[];
  let apps: FastifyInstance[];
  let tenant: { id: string; slug: string; token: string; apiKey: string };

  beforeAll(async () => {
    t = await createTestApp();
    others = [await startInstance(t), await startInstance(t)];
    apps = [t.app, ...others.map((o) => o.runtime.app)];
    tenant = await t.createTenant('Spread Co');
  });
  afterAll(async () => {
    for (const other of others ?? []) await other.close();
    await t?.close();
  });

  /** A login at instance `i % 3` from `address` (the service does not trust proxies: the socket's address counts). */
  async function loginAt(i: number, address: string, email: string, password: string, realm: 'tenant' | 'admin' = 'tenant') {
    const res = await apps[i % apps.length]!.inject({
      method: 'POST',
      url: realm === 'tenant' ? '/api/auth/tenant/login' : '/api/auth/login',
      remoteAddress: address,
      headers: { 'content-type': 'application/json', ...(realm === 'tenant' ? { 'x-tenant-id': tenant.slug } : {}) },
      payload: JSON.stringify({ email, password }),
    });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  }

  it(`one account from one address: ${LOGIN_LIMITS.perAccountAndAddress} failures spread over the instances → 429 at every instance`, async () => {
    await createUser(t, tenant, { email: 'pair@spread.example' });
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress; i++) {
      expect((await loginAt(i, '10.9.0.1', 'pair@spread.example', 'wrong-password')).status).toBe(401);
    }
    for (let i = 0; i < apps.length; i++) {
      const limited = await loginAt(i, '10.9.0.1', 'pair@spread.example', PASSWORD);
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe('RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another address is not refused, at any instance.
    expect((await loginAt(2, '10.9.0.2', 'pair@spread.example', PASSWORD)).status).toBe(200);
  });

  it('the administrator: failures at different instances count together too', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress; i++) {
      expect((await loginAt(i, '10.9.1.1', ADMIN_EMAIL, 'wrong-password', 'admin')).status).toBe(401);
    }
    expect((await loginAt(1, '10.9.1.1', ADMIN_EMAIL, ADMIN_PASSWORD, 'admin')).status).toBe(429);
    expect((await loginAt(0, '10.9.1.2', ADMIN_EMAIL, ADMIN_PASSWORD, 'admin')).status).toBe(200);
  });

  it('the growing delay of an account holds across instances; the right password from an unfailed address still gets in', async () => {
    await createUser(t, tenant, { email: 'target@spread.example' });
    t.clock.sleeps.length = 0;
    // 21 failures, one address each per instance in turn: no address reaches its own limits.
    for (let i = 0; i < 21; i++) {
      expect((await loginAt(i, `10.9.2.${i}`, 'target@spread.example', 'wrong-password')).status).toBe(401);
    }
    // Counted together: the delay started at the 6th attempt (whatever instance took it) and doubled per failure.
    const waits = t.clock.sleeps.splice(0);
    expect(waits.slice(0, 6)).toEqual([250, 500, 1000, 2000, 4000, 8000]);
    expect(waits.length).toBe(21 - LOGIN_LIMITS.delayAfter);
    for (let i = 0; i < apps.length; i++) {
      expect((await loginAt(i, `10.9.3.${i}`, 'target@spread.example', PASSWORD)).status).toBe(200);
      expect(t.clock.sleeps.splice(0)).toEqual([LOGIN_LIMITS.delayMaxMs]);
    }
  });

  it(`one address: ${LOGIN_LIMITS.perAddress} failures over many accounts and instances → the address is refused everywhere`, async () => {
    await createUser(t, tenant, { email: 'bystander@spread.example' });
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      expect((await loginAt(i, '10.9.4.1', `guess${i}@spread.example`, 'wrong-password')).status).toBe(401);
    }
    for (let i = 0; i < apps.length; i++) {
      expect((await loginAt(i, '10.9.4.1', 'bystander@spread.example', PASSWORD)).status).toBe(429);
    }
    expect((await loginAt(0, '10.9.4.2', 'bystander@spread.example', PASSWORD)).status).toBe(200);
  }, 60_000);
});
