import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyChangeKey } from '../../src/domain/api-keys/api-key.cache.js';
import { createEntity } from '../entities/helpers.js';
import { createTestApp, type ApiResponse, type TestApp } from '../helpers/app.js';
import { TEST_DATABASE } from '../helpers/database.js';
import { startInstance, type Instance } from './instances.js';

/**
 * The PostgreSQL server ends every session of the service — its pools, its transactions in flight
 * and its LISTEN connection — as `pg_terminate_backend` does, and as a server restart does to
 * each session. Requests caught in it answer 503 SERVICE_UNAVAILABLE in the envelope (never 500),
 * the process lives on, and once the sessions are back, so is every guarantee: writes, and
 * invalidation between instances. Only a server has sessions to end; a closed embedded database is
 * database-closed.test.ts.
 */
describe.runIf(TEST_DATABASE === 'postgres')('the database ends every session of the service', () => {
  let t: TestApp;
  let other: Instance;
  let tenant: { apiKey: string; token: string };
  let admin: postgres.Sql;
  let database: string;

  beforeAll(async () => {
    // A short deadline: a call postgres.js never settles answers 503 within seconds, not 30.
    t = await createTestApp({ DATABASE_CALL_TIMEOUT_MS: '3000' });
    other = await startInstance(t);
    tenant = await t.createTenant('Outage Co');
    await createEntity(t, { apiKey: tenant.apiKey }, 'notes', { publish: true });
    admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => undefined });
    database = new URL(t.dbUrl!).pathname.slice(1);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
    await admin?.end();
  });

  /** Ends every session on the test database (both instances'), as the server does when it stops. */
  const terminateAll = async () =>
    admin`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = ${database} and pid <> pg_backend_pid()`;
  const notes = '/api/entities/notes/records';
  const auth = () => ({ apiKey: tenant.apiKey });

  /** Polls (bounded) until `call` answers `status`; the sessions come back on their own. */
  const eventually = async (call: () => Promise<ApiResponse>, status: number) => {
    let last: ApiResponse | undefined;
    for (let attempt = 0; attempt < 100; attempt++) {
      last = await call();
      if (last.status === status) return last;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`still ${last?.status} ${JSON.stringify(last?.body)}`);
  };

  // Generous: reconnecting follows postgres.js's backoff, which grows with every lost attempt.
  it('requests in flight answer 2xx or 503 in the envelope, never 500; writes work again after', { timeout: 120_000 }, async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await t.post(notes, { title: `seed ${i}` }, auth())).body.data.id as string);
    const answers: ApiResponse[] = [];
    let stop = false;
    // Creates (one-statement transactions on write lanes), updates and deletes (transactions of
    // several statements on a client of their own), lists (read lanes).
    const once = async (w: number, n: number): Promise<ApiResponse> => {
      switch (n % 4) {
        case 0:
          return t.post(notes, { title: `w${w} n${n}` }, auth());
        case 1:
          return t.put(`${notes}/${ids[w]}`, { title: `w${w} n${n}` }, auth());
        case 2:
          return t.get(`${notes}?limit=5`, auth());
        default: {
          const made = await t.post(notes, { title: 'doomed' }, auth());
          return made.status === 201 ? t.request('DELETE', `${notes}/${made.body.data.id}`, undefined, auth()) : made;
        }
      }
    };
    const worker = async (w: number) => {
      for (let n = 0; !stop; n++) answers.push(await once(w, n));
    };
    const workers = ids.map((_, w) => worker(w));
    for (let round = 0; round < 8; round++) {
      const before = answers.length;
      await terminateAll();
      while (answers.length < before + 6) await new Promise((r) => setTimeout(r, 20));
    }
    stop = true;
    await Promise.all(workers);

    const unexpected = answers.filter((a) => a.status !== 503 && (a.status < 200 || a.status >= 300));
    expect(unexpected.map((a) => [a.status, a.body])).toEqual([]);
    const unavailable = answers.filter((a) => a.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const a of unavailable) {
      expect(a.body).toEqual({ success: false, error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String) } });
      expect(a.headers['retry-after']).toBe('5');
    }
    await eventually(() => t.post(notes, { title: 'after' }, auth()), 201);
    await eventually(() => t.put(`${notes}/${ids[0]}`, { title: 'after' }, auth()), 200);
    await eventually(() => t.get('/api/health'), 200);
  });

  it('after the LISTEN connection was ended, a revoked API key is refused at the other instance', { timeout: 120_000 }, async () => {
    // When its listener is back, an instance drops every cached entry (it may have missed
    // notifications): that clear-everything dispatch is what `hears` resolves on here.
    const relistened = other.hears('no key: only the reconnect clears everything');
    await terminateAll();
    await relistened;
    const created = await eventually(() => t.post('/api/auth/api-keys', { name: 'after the outage' }, { token: tenant.token }), 201);
    const { id, key } = created.body.data as { id: string; key: string };
    await eventually(() => other.request('GET', '/api/entities', undefined, { apiKey: key }), 200); // cached there
    const heard = other.hears(apiKeyChangeKey(id));
    expect((await t.request('DELETE', `/api/auth/api-keys/${id}`, undefined, { token: tenant.token })).status).toBe(200);
    await heard;
    expect((await other.request('GET', '/api/entities', undefined, { apiKey: key })).status).toBe(401);
  });
});
