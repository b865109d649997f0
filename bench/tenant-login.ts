/**
 * Tenant-user login benchmark, not part of `npm test`:
 *   1. throughput: successful logins per second (bcrypt cost 10) through the HTTP app;
 *   2. timing gap: unknown email vs wrong password, interleaved, same number of samples.
 *
 *   npx tsx bench/tenant-login.ts [--logins 200] [--concurrency 8] [--samples 100]
 *
 * Embedded PGlite by default; with DATABASE_URL set, a fresh scratch database on that server.
 */
import { parseArgs } from 'node:util';
import { availableParallelism } from 'node:os';

const { values } = parseArgs({
  options: {
    logins: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '8' },
    samples: { type: 'string', default: '100' },
  },
});
const LOGINS = Number(values.logins);
const CONCURRENCY = Number(values.concurrency);
const SAMPLES = Number(values.samples);

process.env.TB_TEST_DATABASE = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const { createTestDatabase } = await import('../test/helpers/database.js');
const { loadConfig } = await import('../src/config.js');
const { prepareRuntime } = await import('../src/start.js');

const database = await createTestDatabase();
const config = loadConfig({
  LOG_LEVEL: 'silent',
  ADMIN_EMAIL: 'bench@local.test',
  ADMIN_PASSWORD: 'bench-password-1',
  JWT_SECRET: 'b'.repeat(40),
});
const runtime = await prepareRuntime(config, () => undefined, { db: database.db });
const app = runtime.app;

let addressCounter = 0;
/** Every request from its own address, so the per-address failure limit never interferes. */
async function call(method: 'GET' | 'POST', url: string, payload: unknown, headers: Record<string, string> = {}) {
  addressCounter += 1;
  const res = await app.inject({
    method,
    url,
    remoteAddress: `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(payload),
  });
  return { status: res.statusCode, body: res.json() };
}

const admin = (await call('POST', '/api/auth/login', { email: 'bench@local.test', password: 'bench-password-1' })).body.data.token;
await call('POST', '/api/auth/tenants', { name: 'Bench' }, { authorization: `Bearer ${admin}` });
const tenant = { 'x-tenant-id': 'bench' };
const auth = { authorization: `Bearer ${admin}`, ...tenant };
// Wrong-password samples need fresh accounts: each (tenant, email) allows 10 failures per window.
const users = Math.ceil(SAMPLES / 8) + 1;
for (let i = 0; i < users; i++) {
  const res = await call('POST', '/api/auth/tenant/users', { email: `u${i}@bench.test`, password: 'bench-user-pass', name: `U${i}` }, auth);
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
}

// Warm-up (JIT, bcrypt dummy hash, connection pool).
for (let i = 0; i < 5; i++) await call('POST', '/api/auth/tenant/login', { email: 'u0@bench.test', password: 'bench-user-pass' }, tenant);

// 1. Throughput of successful logins.
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < LOGINS) {
      const i = next++;
      const res = await call('POST', '/api/auth/tenant/login', { email: `u${i % users}@bench.test`, password: 'bench-user-pass' }, tenant);
      if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;

// 2. Unknown email vs wrong password, interleaved and sequential (no queueing noise).
const unknown: number[] = [];
const wrong: number[] = [];
for (let i = 0; i < SAMPLES; i++) {
  for (const [list, email] of [
    [unknown, `nobody${i}@bench.test`],
    [wrong, `u${Math.floor(i / 8) + 1}@bench.test`],
  ] as const) {
    const t0 = performance.now();
    const res = await call('POST', '/api/auth/tenant/login', { email, password: 'not-the-password' }, tenant);
    list.push(performance.now() - t0);
    if (res.status !== 401) throw new Error(`expected 401, got ${res.status}`);
  }
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { mean: xs.reduce((a, b) => a + b, 0) / xs.length, median: q(0.5), p90: q(0.9) };
};
const u = stats(unknown);
const w = stats(wrong);
const f = (n: number) => n.toFixed(2);
console.log(`database: ${database.db.kind}; cpus: ${availableParallelism()}; bcrypt cost 10`);
console.log(
  `throughput: ${LOGINS} successful logins, concurrency ${CONCURRENCY}: ${(LOGINS / seconds).toFixed(1)} logins/s (${f(seconds)} s)`,
);
console.log(`unknown email  (n=${SAMPLES}): mean ${f(u.mean)} ms, median ${f(u.median)} ms, p90 ${f(u.p90)} ms`);
console.log(`wrong password (n=${SAMPLES}): mean ${f(w.mean)} ms, median ${f(w.median)} ms, p90 ${f(w.p90)} ms`);
console.log(`gap (wrong - unknown): mean ${f(w.mean - u.mean)} ms, median ${f(w.median - u.median)} ms`);

await app.close();
await database.drop();
