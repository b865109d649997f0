/**
 * The W8 service and tenant, shared by bench/rules-w8.ts (req/s) and bench/rules-w8-cpu.ts (CPU per
 * save): products (looked up), order_lines (counted), and two order entities with the same fields —
 * plain_orders without rules, ruled_orders with 5 published rules (a formula, a conditional, a
 * lookup, an aggregate count, a validation). In-memory PGlite, or DATABASE_URL's database when set.
 */
const { loadConfig } = await import('../src/config.js');
const { prepareRuntime } = await import('../src/start.js');
const { openPglite } = await import('../src/db/pglite.js');

export const engine: 'postgres' | 'pglite' = process.env.DATABASE_URL ? 'postgres' : 'pglite';

export async function setupW8() {
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

  const login = await call('POST', '/api/auth/login', { email: 'bench@local.test', password: 'bench-password-1' }, {});
  const tenant = await call('POST', '/api/auth/tenants', { name: `W8 ${Date.now()}` }, { authorization: `Bearer ${login.token}` });
  const selected = await call('POST', `/api/auth/tenants/${tenant.slug}/select`, {}, { authorization: `Bearer ${login.token}` });
  const key = (await call('POST', '/api/auth/api-keys', { name: 'w8' }, { authorization: `Bearer ${selected.token}` })).key as string;
  const as = { 'x-api-key': key };
  const f = (fieldKey: string, fieldType: string, config: Record<string, unknown> = {}) => ({
    name: fieldKey,
    fieldKey,
    fieldType,
    config,
  });
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

  let n = 0;
  /** The body of the next create: the same for both entities. */
  const body = () => JSON.stringify({ title: `order ${n++}`, qty: 1 + (n % 20), price: 3.5, product: product.id });
  return { runtime, app, as, body };
}
