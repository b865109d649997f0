/**
 * Declared indexes against no indexes (docs/records.md, "Lists that use an index"): two services in
 * this process, each on its own scratch PostgreSQL database with the same 1,000 tenants and records;
 * in one every tenant's entity declares two indexes ([categoria, precio] and [alta]), in the other
 * none. Alternating rounds measure, with autocannon, creates and the list
 * `filter.categoria=X&sort=precio&order=desc&limit=20` on both; the p50s should stay within 10%
 * (issue 22: cost must not grow with the number of tenants declaring indexes).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/declared-indexes.ts \
 *     [--tenants 1000] [--records 50] [--duration 5] [--connections 10] [--rounds 3] [--pool 20] [--control]
 *
 * --control seeds the side labelled "two indexes" without its indexes: an A/A run, whose ratios are
 * the noise and bias of the bench itself.
 *
 * Each side runs each workload 2 s first, not counted (warm-up).
 *
 * DATABASE_URL names the server (127.0.0.1 only); the two databases are created and dropped here.
 */
import type { EventEmitter } from 'node:events';
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import postgres from 'postgres';

const { values } = parseArgs({
  options: {
    tenants: { type: 'string', default: '1000' },
    records: { type: 'string', default: '50' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    measured: { type: 'string', default: '20' },
    // DATABASE_POOL_MAX of each service: the server's 100 connections are shared with other work.
    pool: { type: 'string', default: '20' },
    // Both sides without indexes: the ratio this bench reads when there is no difference to find.
    control: { type: 'boolean', default: false },
  },
});
const TENANTS = Number(values.tenants);
const RECORDS = Number(values.records);
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const ROUNDS = Math.max(1, Number(values.rounds));
const MEASURED = Math.min(TENANTS, Number(values.measured));
// What the first side is called in the output: a control run must not read as a real one.
const FIRST = values.control ? 'control, no index' : 'two indexes';
const SERVER = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
if (!/@(127\.0\.0\.1|localhost)[:/]/.test(SERVER)) throw new Error('DATABASE_URL must point at 127.0.0.1');
const log = (s: string) => process.stderr.write(`${s}\n`);

const { loadConfig } = await import('../src/config.js');
const { prepareRuntime } = await import('../src/start.js');

const CATEGORIES = ['lamps', 'desks', 'chairs', 'shelves', 'rugs'];
const FIELDS = [
  { name: 'Title', fieldKey: 'title', fieldType: 'text' },
  { name: 'Categoria', fieldKey: 'categoria', fieldType: 'text' },
  { name: 'Precio', fieldKey: 'precio', fieldType: 'number' },
  { name: 'Alta', fieldKey: 'alta', fieldType: 'date' },
].map((f) => ({ ...f, isRequired: false, isUnique: false, description: '', config: {} }));
const INDEXES = [
  { name: 'categoria_precio', fields: ['categoria', 'precio'], kinds: ['text', 'number'] },
  { name: 'alta', fields: ['alta'], kinds: ['date'] },
];

const admin = postgres(SERVER, { max: 1, onnotice: () => undefined });
const databases: string[] = [];

/** A scratch database with the service migrated in it, TENANTS tenants, each with one seeded entity. */
async function setUp(label: string, withIndexes: boolean) {
  const name = `tb_bench_indexes_${label}_${process.pid}`;
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  databases.push(name);
  const url = SERVER.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
  const config = loadConfig({
    LOG_LEVEL: process.env.BENCH_LOG ?? 'silent',
    ADMIN_EMAIL: 'bench@local.test',
    ADMIN_PASSWORD: 'bench-password-1',
    JWT_SECRET: 'b'.repeat(40),
    DATABASE_URL: url,
    DATABASE_POOL_MAX: values.pool,
  });
  const runtime = await prepareRuntime(config, () => undefined);
  // Seeded behind the service (owner connection): tenants, entity, published version, indexes, records.
  const sql = postgres(url, { max: 1, onnotice: () => undefined });
  const definition = {
    displayName: 'products',
    description: '',
    icon: 'box',
    config: {},
    fields: FIELDS,
    ...(withIndexes ? { indexes: INDEXES.map(({ name: n, fields }) => ({ name: n, fields })) } : {}),
  };
  await sql.begin(async (tx) => {
    await tx.unsafe(
      `insert into tenants (name, slug) select 'Bench ' || i, 'bench-' || i from generate_series(1, ${TENANTS}) i;
       insert into entities (tenant_id, name, published_version) select id, 'products', 1 from tenants;`,
    );
    await tx.unsafe(
      `insert into entity_versions (tenant_id, entity_id, version, status, definition, message, published_at)
       select tenant_id, id, 1, 'published', $1::text::jsonb, 'seed', now() from entities`,
      [JSON.stringify(definition)],
    );
    if (withIndexes) {
      for (const [n, i] of INDEXES.entries()) {
        await tx.unsafe(
          `insert into entity_indexes (tenant_id, entity_id, name, slot, fields, kinds, state)
           select tenant_id, id, $1, $4, $2::text[], $3::text[], 'ready' from entities`,
          [i.name, i.fields, i.kinds, n + 1],
        );
      }
    }
    await tx.unsafe(
      `insert into records (tenant_id, entity_id, name, data, search_text)
       select e.tenant_id, e.id, 'item ' || n,
              jsonb_build_object('title', 'item ' || n, 'categoria', (array${JSON.stringify(CATEGORIES).replace(/"/g, "'")})[1 + n % 5],
                                 'precio', (n * 37) % 1000 / 10.0, 'alta', to_char(date '2024-01-01' + n % 365, 'YYYY-MM-DD')),
              'item ' || n
         from entities e, generate_series(1, ${RECORDS}) n`,
    );
  });
  await sql.unsafe('analyze');
  await sql.end();
  // API keys of the first MEASURED tenants, through the service.
  const call = async (method: string, path: string, body: unknown, headers: Record<string, string>) => {
    const res = await runtime.app.inject({
      method: method as 'POST',
      url: path,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.body}`);
    return res.json().data;
  };
  const login = await call('POST', '/api/auth/login', { email: 'bench@local.test', password: 'bench-password-1' }, {});
  const keys: string[] = [];
  for (let i = 1; i <= MEASURED; i++) {
    const selected = await call('POST', `/api/auth/tenants/bench-${i}/select`, {}, { authorization: `Bearer ${login.token}` });
    keys.push((await call('POST', '/api/auth/api-keys', { name: 'bench' }, { authorization: `Bearer ${selected.token}` })).key);
  }
  // One create and one list through the service before measuring: a setup error shows here.
  await call('POST', '/api/entities/products/records', { title: 'probe', categoria: 'lamps', precio: 1 }, { 'x-api-key': keys[0]! });
  const address = await runtime.app.listen({ port: 0, host: '127.0.0.1' });
  return { label, runtime, keys, address };
}

type Side = Awaited<ReturnType<typeof setUp>>;
let n = 0;
let failuresShown = 0;

/**
 * One autocannon run. p50 and p99 come from every 2xx answer's own response time: autocannon's
 * histogram keeps whole milliseconds, which at a p50 of 4–6 ms cannot tell 10% apart.
 */
async function measure(
  side: Side,
  kind: 'create' | 'list',
  duration = DURATION,
): Promise<{ p50: number; p99: number; rps: number; bad: number }> {
  const times: number[] = [];
  // Without a callback autocannon answers its run, which is also the emitter of each response.
  const instance = autocannon({
    url: side.address,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        setupRequest: (req) => {
          const i = n++;
          const key = side.keys[i % side.keys.length]!;
          const category = CATEGORIES[i % CATEGORIES.length]!;
          return kind === 'create'
            ? {
                ...req,
                method: 'POST',
                path: '/api/entities/products/records',
                headers: { 'x-api-key': key, 'content-type': 'application/json' },
                body: JSON.stringify({ title: `new ${i}`, categoria: category, precio: (i * 13) % 1000, alta: '2025-06-01' }),
              }
            : {
                ...req,
                method: 'GET',
                path: `/api/entities/products/records?filter.categoria=${category}&sort=precio&order=desc&limit=20`,
                headers: { 'x-api-key': key },
              };
        },
        // The first failures' bodies, so a failed run says why.
        onResponse: (status: number, body: string) => {
          if (status >= 300 && failuresShown++ < 3) log(`${kind} ${side.label}: ${status} ${body.slice(0, 300)}`);
        },
      },
    ],
  }) as Promise<autocannon.Result> & EventEmitter;
  void instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status < 300) times.push(ms);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  const at = (q: number) => Number((times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(2));
  return { p50: at(0.5), p99: at(0.99), rps: result.requests.average, bad: result.non2xx + result.errors };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  log(`seeding ${TENANTS} tenants × ${RECORDS} records, twice…`);
  const indexed = await setUp('two', !values.control);
  const plain = await setUp('none', false);
  // Warm-up, not counted: each side's first seconds (cold plans, caches, JIT) went to whichever
  // side round 1 measured first.
  for (const side of [indexed, plain]) for (const kind of ['create', 'list'] as const) await measure(side, kind, 2);
  const rows: Record<string, { two: number[]; none: number[]; rps: { two: number[]; none: number[] } }> = {};
  for (let round = 1; round <= ROUNDS; round++) {
    for (const kind of ['create', 'list'] as const) {
      const order = round % 2 ? [indexed, plain] : [plain, indexed];
      for (const side of order) {
        const m = await measure(side, kind);
        if (m.bad) throw new Error(`${kind} on ${side.label}: ${m.bad} failed requests`);
        const row = (rows[kind] ??= { two: [], none: [], rps: { two: [], none: [] } });
        row[side.label as 'two' | 'none'].push(m.p50);
        row.rps[side.label as 'two' | 'none'].push(m.rps);
        log(
          `round ${round} ${kind} ${side.label === 'two' ? FIRST : 'no index'}: p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.rps.toFixed(0)} req/s`,
        );
      }
    }
  }
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  console.log(
    `\n${TENANTS} tenants × ${RECORDS} records, ${CONNECTIONS} connections, ${DURATION} s × ${ROUNDS} rounds; load average ${load}`,
  );
  // Two ratios: of the medians, and the median of each round's own ratio (its two sides measured
  // back to back, so a machine that drifts during the run moves both).
  const heading = values.control ? 'control: no index either' : 'two indexes per tenant';
  console.log(`| workload | p50, ${heading} | p50, none | ratio | ratio by round | req/s two / none |`);
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [kind, r] of Object.entries(rows)) {
    const ratio = median(r.two) / median(r.none);
    const byRound = median(r.two.map((two, i) => two / r.none[i]!));
    console.log(
      `| ${kind} | ${median(r.two)} ms (${r.two.join(', ')}) | ${median(r.none)} ms (${r.none.join(', ')}) | ${ratio.toFixed(2)} | ${byRound.toFixed(2)} | ${median(r.rps.two).toFixed(0)} / ${median(r.rps.none).toFixed(0)} |`,
    );
  }
  await indexed.runtime.close();
  await plain.runtime.close();
} finally {
  for (const name of databases) await admin.unsafe(`drop database if exists ${name} with (force)`).catch(() => undefined);
  await admin.end();
}
