/**
 * W8 — creates on an entity with 5 published business rules (a formula, a conditional, a lookup, an
 * aggregate count, a validation) against plain creates on an entity without rules, same run,
 * alternating rounds (docs/rules.md "Performance"). Target: ruled ≥ 0.7× plain req/s.
 *
 *   npx tsx bench/rules-w8.ts [--duration 10] [--connections 20] [--rounds 3]
 *
 * In-memory PGlite by default; with DATABASE_URL set, that database (use a scratch one: the
 * benchmark creates a tenant there and leaves it). The service runs in this process (HTTP on
 * 127.0.0.1:0); autocannon drives it.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '3' },
  },
});
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const ROUNDS = Math.max(1, Number(values.rounds));

const { loadConfig } = await import('../src/config.js');
const { prepareRuntime } = await import('../src/start.js');
const { openPglite } = await import('../src/db/pglite.js');

const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const config = loadConfig({
  LOG_LEVEL: 'silent',
  ADMIN_EMAIL: 'bench@local.test',
  ADMIN_PASSWORD: 'bench-password-1',
  JWT_SECRET: 'b'.repeat(40),
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
const runtime = await prepareRuntime(config, () => undefined, engine === 'pglite' ? { db: await openPglite(undefined) } : {});
const app = runtime.app;

async function call(method: string, url: string, body: unknown, headers: Record<string, string>) {
  const res = await app.inject({
    method: method as 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.body}`);
  return res.json().data;
}

// A tenant with its key; products (looked up), lines (counted), and the two order entities.
const login = await call('POST', '/api/auth/login', { email: 'bench@local.test', password: 'bench-password-1' }, {});
const tenant = await call('POST', '/api/auth/tenants', { name: `W8 ${Date.now()}` }, { authorization: `Bearer ${login.token}` });
const selected = await call('POST', `/api/auth/tenants/${tenant.slug}/select`, {}, { authorization: `Bearer ${login.token}` });
const key = (await call('POST', '/api/auth/api-keys', { name: 'w8' }, { authorization: `Bearer ${selected.token}` })).key as string;
const as = { 'x-api-key': key };
const f = (fieldKey: string, fieldType: string, config: Record<string, unknown> = {}) => ({ name: fieldKey, fieldKey, fieldType, config });
const orderFields = [
  f('title', 'text'),
  f('qty', 'number'),
  f('price', 'number'),
  f('product', 'relation', { relatedEntity: 'products' }),
  f('total', 'number'),
  f('size', 'text'),
  f('unit_price', 'number'),
  f('lines', 'number'),
];
for (const [name, fields] of [
  ['products', [f('title', 'text'), f('price', 'number')]],
  ['plain_orders', orderFields],
  ['ruled_orders', orderFields],
  ['order_lines', [f('order', 'relation', { relatedEntity: 'ruled_orders' }), f('qty', 'number')]],
] as const) {
  await call('POST', '/api/entities', { definition: { entity: { name }, fields }, auto_publish: true, version_message: 'v1' }, as);
}
const product = await call('POST', '/api/entities/products/records', { title: 'Lamp', price: 12.5 }, as);
const ruleDsl = [
  { compute: { total: 'qty * price' } },
  { compute: { size: { type: 'conditional', conditions: [{ when: 'qty >= 10', then: "'bulk'" }], default: "'single'" } } },
  { compute: { unit_price: { type: 'lookup', entity: 'products', matchField: 'id', matchValue: 'product', resultField: 'price' } } },
  { compute: { lines: { type: 'aggregate', entity: 'order_lines', aggregateOp: 'count', filter: { order: 'id' } } } },
  { validate: [{ id: 'qty', condition: 'qty > 0', message: 'qty must be positive' }] },
];
for (const dsl of ruleDsl) await call('POST', '/api/entities/ruled_orders/rules', { publish: true, ruleDsl: dsl }, as);

const address = await app.listen({ port: 0, host: '127.0.0.1' });
let n = 0;
const body = () => JSON.stringify({ title: `order ${n++}`, qty: 1 + (n % 20), price: 3.5, product: product.id });

async function measure(entity: string): Promise<{ rps: number; p99: number; non2xx: number }> {
  const result = await autocannon({
    url: address,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        method: 'POST',
        path: `/api/entities/${entity}/records`,
        headers: { ...as, 'content-type': 'application/json' },
        setupRequest: (req) => ({ ...req, body: body() }),
      },
    ],
  });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx + result.errors };
}

const ratios: number[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  const plain = await measure('plain_orders');
  const ruled = await measure('ruled_orders');
  const ratio = ruled.rps / plain.rps;
  ratios.push(ratio);
  console.log(
    `round ${round}: plain ${plain.rps.toFixed(0)} req/s (p99 ${plain.p99} ms, non-2xx ${plain.non2xx}); ` +
      `5 rules ${ruled.rps.toFixed(0)} req/s (p99 ${ruled.p99} ms, non-2xx ${ruled.non2xx}); ratio ${ratio.toFixed(2)}`,
  );
}
const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!;
console.log(`W8 (${engine}): median ratio ${median.toFixed(2)} (target ≥ 0.70) ${median >= 0.7 ? 'met' : 'NOT met'}`);
await runtime.close();
