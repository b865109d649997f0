import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { migrate } from '../src/db/migrate.js';
import { openPglite } from '../src/db/pglite.js';
import { openPostgres } from '../src/db/postgres.js';
import { measureDslEvaluation } from './dsl-eval.js';
import { measureStaticSites } from './static-sites.js';
import { mergeResults, readPrevious } from './results-file.js';
import {
  growLargeEntity,
  LARGE_ENTITY,
  SEEDING_TIMEOUT_MS,
  seedDatabase,
  seedLargeTenant,
  type LargeSeed,
  type SeededTenant,
  type SeedPlan,
} from './seed.js';
import { LARGE_WORKLOADS, WORKLOADS, type BenchRequest, type Workload } from './workloads.js';

/**
 * `npm run bench [-- --tenants=1000 --records=100000 --duration=10 --connections=50 --rounds=3
 *   --engines=postgres,pglite --workloads=W1,W2,...]`: seeds its own database, starts the service
 * (and a bare Fastify + postgres.js reference), measures each workload with autocannon and writes
 * bench/RESULTS.md. Only 127.0.0.1 is targeted; the database it creates is dropped at the end.
 *
 * Each workload is measured `rounds` times, alternating with the bare server where it has one, and
 * reported as medians (the ratio: the median of the rounds' ratios), with the rounds' range beside:
 * on two shared cores one measurement swings by a third from run to run.
 * Before the workloads it runs the expression language's micro-benchmark (bench/dsl-eval.ts);
 * after them static sites against @fastify/static (`--sites=off` skips it) and, per engine, W8:
 * creates with 5 business rules against plain creates (bench/rules-w8.ts; `--w8=off` skips it).
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? process.env[`BENCH_${name.toUpperCase()}`] ?? fallback;

const plan: SeedPlan = {
  tenants: Number(arg('tenants', '1000')),
  records: Number(arg('records', '100000')),
  zipf: Number(arg('zipf', '1')),
};
const duration = Number(arg('duration', '10'));
const warmup = Number(arg('warmup', '3'));
const connections = Number(arg('connections', '50'));
const rounds = Math.max(1, Number(arg('rounds', '3')));
// --shape=large: one tenant, one entity of --records records (W1/W2/W3/W6 against the bare server),
// and with --growth=10000,100000,1000000 the p50 of W2 and W3 at each size (bench/RESULTS.md).
const shape = arg('shape', 'zipf');
const growth = arg('growth', '').split(',').filter(Boolean).map(Number);
const engines = arg('engines', shape === 'large' ? 'postgres' : 'postgres,pglite').split(',');
const only = arg('workloads', WORKLOADS.map((w) => w.id).join(',')).split(',');
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (s: string) => process.stderr.write(`${s}\n`);

const TARGETS: Record<string, Partial<Record<string, { rps?: number; p99?: number }>>> = {
  postgres: { W1: { rps: 4000 }, W2: { rps: 2400 }, W3: { rps: 1500 }, W4: { p99: 100 }, W6: { rps: 2000, p99: 80 } },
  pglite: { W1: { rps: 1500 } },
};

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  errors: number;
}

/** A workload's rounds: medians of rate and latencies, totals of the counts. */
interface Measured extends Measure {
  rounds: Measure[];
}

const median = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
function summarise(measures: Measure[]): Measured {
  return {
    rps: median(measures.map((m) => m.rps)),
    p50: median(measures.map((m) => m.p50)),
    p99: median(measures.map((m) => m.p99)),
    ok: sum(measures.map((m) => m.ok)),
    non2xx: sum(measures.map((m) => m.non2xx)),
    errors: sum(measures.map((m) => m.errors)),
    rounds: measures,
  };
}
/** Each round's ratio to bare (that round's bare and ours ran back to back), and their median. */
const roundRatios = (ours: Measured, bare: Measured) => ours.rounds.map((m, i) => m.rps / bare.rounds[i]!.rps);
const ratioOf = (ours: Measured, bare: Measured) => median(roundRatios(ours, bare));
const range = (xs: readonly number[], digits: number) =>
  xs.length > 1 ? `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}` : xs[0]!.toFixed(digits);

const children: ChildProcess[] = [];
function start(script: string, env: Record<string, string>, name: string): ChildProcess {
  // BENCH_NODE_ARGS: extra node flags for the service (e.g. --cpu-prof when looking for hot spots).
  const extra = name === 'service' && process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [];
  // The service runs as `npm start` runs it: the compiled build (built once at the start of the run).
  const args = name === 'service' ? [...extra, script, 'serve'] : ['--import', 'tsx', script];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  return child;
}
function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}
// What `npm start` runs: build dist/ first (prestart does the same; the console is not needed here).
execFileSync(process.execPath, ['scripts/build.mjs', '--server'], { cwd: ROOT, stdio: 'inherit' });
process.on('exit', () => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL')));

async function waitReady(port: number, path: string) {
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}${path}`);
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on ${port} did not start`);
}

function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    return (
      Number(
        execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
          .toString()
          .trim(),
      ) / 1024
    );
  } catch {
    return 0;
  }
}

async function load(port: number, workload: Workload, tenants: readonly SeededTenant[], seconds: number, conns: number): Promise<Measure> {
  return loadWith(port, () => workload.next(tenants), seconds, conns);
}

async function loadWith(port: number, next: () => BenchRequest, seconds: number, conns: number): Promise<Measure> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: conns,
    duration: seconds,
    requests: [{ setupRequest: (req) => ({ ...req, ...next() }) }],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

interface EngineReport {
  engine: string;
  seedLine: string;
  rows: Array<{ workload: Workload; ours: Measured; bare?: Measured }>;
  maxRssMb: number;
  serverVersion: string;
}

async function runEngine(engine: 'postgres' | 'pglite'): Promise<EngineReport> {
  log(`== ${engine}: seeding ${plan.tenants} tenants / ${plan.records} records`);
  let dbUrl: string | undefined;
  let dataDir: string | undefined;
  let dropDatabase = async () => undefined as void;
  let seedLine = '';
  let serverVersion = '';
  const captureLog = (s: string) => {
    log(s);
    if (s.includes('seeded') && s.includes('tenants')) seedLine = s.trim();
  };
  let tenants: SeededTenant[];
  if (engine === 'postgres') {
    const url = new URL(serverUrl);
    if (!['127.0.0.1', 'localhost'].includes(url.hostname)) throw new Error('the benchmark only targets a local server (127.0.0.1)');
    const name = `tb_bench_${process.pid}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
    serverVersion = (await admin.unsafe('show server_version'))[0]!.server_version as string;
    await admin.unsafe(`create database ${name}`);
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
    url.pathname = `/${name}`;
    dbUrl = url.toString();
    const db = await openPostgres(dbUrl, { max: 4, callTimeoutMs: SEEDING_TIMEOUT_MS });
    await migrate(db);
    tenants = await seedDatabase(db, plan, captureLog);
    await db.close();
  } else {
    dataDir = mkdtempSync(join(os.tmpdir(), 'tb-bench-'));
    const db = await openPglite(join(dataDir, 'pglite'));
    serverVersion = (await db.query<{ v: string }>("select current_setting('server_version') as v"))[0]!.v;
    await migrate(db);
    tenants = await seedDatabase(db, plan, captureLog);
    await db.close();
  }

  const common = { LOG_LEVEL: 'warn', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0', DATABASE_POOL_MAX: '20' };
  const service = start(
    'dist/main.js',
    { ...common, PORT: '3901', HOST: '127.0.0.1', ...(dbUrl ? { DATABASE_URL: dbUrl } : { DATA_DIR: dataDir! }) },
    'service',
  );
  const bare = dbUrl ? start('bench/baseline-server.ts', { ...common, PORT: '3902', DATABASE_URL: dbUrl }, 'baseline') : undefined;
  let maxRss = 0;
  const sampler = setInterval(() => (maxRss = Math.max(maxRss, rssMb(service.pid))), 500);
  const rows: EngineReport['rows'] = [];
  try {
    await waitReady(3901, '/api/health');
    if (bare) await waitReady(3902, '/api/entities/x/records');
    for (const workload of WORKLOADS.filter((w) => only.includes(w.id))) {
      const oursRounds: Measure[] = [];
      const bareRounds: Measure[] = [];
      for (let round = 0; round < rounds; round++) {
        if (bare && workload.baseline) {
          await load(3902, workload, tenants, warmup, connections);
          bareRounds.push(await load(3902, workload, tenants, duration, connections));
        }
        await load(3901, workload, tenants, warmup, connections);
        oursRounds.push(await load(3901, workload, tenants, duration, connections));
      }
      const ours = summarise(oursRounds);
      const bareMeasure = bareRounds.length ? summarise(bareRounds) : undefined;
      rows.push({ workload, ours, ...(bareMeasure ? { bare: bareMeasure } : {}) });
      log(
        `  ${workload.id} ${workload.label}: ${ours.rps.toFixed(0)} req/s (${range(
          oursRounds.map((m) => m.rps),
          0,
        )}) p50 ${ours.p50} ms p99 ${ours.p99} ms non2xx ${ours.non2xx} errors ${ours.errors}` +
          (bareMeasure ? ` | bare ${bareMeasure.rps.toFixed(0)} req/s → ${ratioOf(ours, bareMeasure).toFixed(2)}×` : '') +
          ` | service RSS peak so far ${maxRss.toFixed(0)} MB`,
      );
    }
  } finally {
    clearInterval(sampler);
    await stop(service);
    if (bare) await stop(bare);
    await dropDatabase();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  return { engine, seedLine, rows, maxRssMb: maxRss, serverVersion };
}

function verdict(engine: string, id: string, m: Measured, bare: Measured | undefined, write: boolean): string {
  const target = TARGETS[engine]?.[id];
  const parts: string[] = [];
  if (target?.rps !== undefined) parts.push(`≥ ${target.rps} req/s ${m.rps >= target.rps ? 'met' : 'MISSED'}`);
  if (target?.p99 !== undefined) parts.push(`p99 ≤ ${target.p99} ms ${m.p99 <= target.p99 ? 'met' : 'MISSED'}`);
  if (bare) {
    const floor = write ? 0.5 : 0.6;
    parts.push(`≥ ${floor}× bare ${ratioOf(m, bare) >= floor ? 'met' : 'MISSED'}`);
  }
  if (m.non2xx || m.errors) parts.push(`${m.non2xx} non-2xx, ${m.errors} errors`);
  return parts.join('; ') || '—';
}

function report(reports: EngineReport[], startedAt: Date, dslLine: string): string {
  const pkg = (name: string) =>
    (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  const cpus = os.cpus();
  const lines = [
    '# Records API benchmark',
    '',
    `Run ${startedAt.toISOString()} with \`${runCommand()}\`` +
      ` (tenants ${plan.tenants}, records ${plan.records}, Zipf s=${plan.zipf}, ${connections} connections, ${rounds} rounds of ${duration} s per workload, each after ${warmup} s of warm-up).`,
    '',
    `Machine: ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.type()} ${os.release()}. ` +
      `Node ${process.version}; fastify ${pkg('fastify')}, postgres.js ${pkg('postgres')}, @electric-sql/pglite ${pkg('@electric-sql/pglite')}, autocannon ${pkg('autocannon')}.`,
    'The load generator, the service and the database share the same 2 cores; the service runs with DATABASE_POOL_MAX=20 and LOG_LEVEL=warn.',
    `Load average (1 min) at start ${loadAtStart.toFixed(2)}, at end ${os.loadavg()[0]!.toFixed(2)}: other work on the machine during the run competes for the same cores, so absolute figures are a floor; the ratios to the bare server, measured back to back, are the steadier signal.`,
    `Figures are medians of the rounds (the ratio: the median of the rounds' ratios, each round's bare and service runs back to back); the ranges are the rounds' lowest and highest.`,
    'Each request picks a tenant uniformly at random (tenant sizes are Zipf-distributed: most tenants small, a few large) and works on its `orders` entity (title text, status select, amount number, customer relation).',
    '',
    '## Expression language (in-process micro-benchmark, `bench/dsl-eval.ts`)',
    '',
    dslLine,
    '',
  ];
  for (const r of reports) {
    lines.push(
      `## ${r.engine === 'postgres' ? `PostgreSQL ${r.serverVersion} (server defaults)` : `Embedded PGlite (PostgreSQL ${r.serverVersion})`}`,
      '',
    );
    lines.push(
      `Seed: ${r.seedLine}. Peak service RSS during the run: ${r.maxRssMb.toFixed(0)} MB${r.engine === 'postgres' ? ` (target ≤ 250 MB: ${r.maxRssMb <= 250 ? 'met' : 'MISSED'})` : ''}.`,
      '',
    );
    lines.push(
      '| Workload | req/s | rounds req/s | p50 ms | p99 ms | rounds p99 ms | bare req/s | ratio to bare | rounds ratio | targets |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    );
    for (const { workload: w, ours, bare } of r.rows) {
      lines.push(
        `| ${w.id} ${w.label} | ${ours.rps.toFixed(0)} | ${range(
          ours.rounds.map((m) => m.rps),
          0,
        )} | ${ours.p50} | ${ours.p99} | ${range(
          ours.rounds.map((m) => m.p99),
          0,
        )} | ` +
          `${bare ? bare.rps.toFixed(0) : '—'} | ${bare ? `${ratioOf(ours, bare).toFixed(2)}×` : '—'} | ${bare ? range(roundRatios(ours, bare), 2) : '—'} | ${verdict(r.engine, w.id, ours, bare, w.write)} |`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}

const loadAtStart = os.loadavg()[0]!;

// ---- the single-large-entity shape (--shape=large) ----------------------------------------------

/** The benchmark's own database: a fresh PostgreSQL database on the local server, or a PGlite directory. */
async function openBenchDatabase(engine: 'postgres' | 'pglite') {
  if (engine === 'postgres') {
    const url = new URL(serverUrl);
    if (!['127.0.0.1', 'localhost'].includes(url.hostname)) throw new Error('the benchmark only targets a local server (127.0.0.1)');
    const name = `tb_bench_${process.pid}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
    const serverVersion = (await admin.unsafe('show server_version'))[0]!.server_version as string;
    await admin.unsafe(`create database ${name}`);
    url.pathname = `/${name}`;
    const db = await openPostgres(url.toString(), { max: 4, callTimeoutMs: SEEDING_TIMEOUT_MS });
    const drop = async () => {
      await db.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
    return { db, env: { DATABASE_URL: url.toString() } as Record<string, string>, dbUrl: url.toString(), serverVersion, drop };
  }
  const dataDir = mkdtempSync(join(os.tmpdir(), 'tb-bench-'));
  const db = await openPglite(join(dataDir, 'pglite'));
  const serverVersion = (await db.query<{ v: string }>("select current_setting('server_version') as v"))[0]!.v;
  const drop = async () => {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { db, env: { DATA_DIR: dataDir } as Record<string, string>, dbUrl: undefined, serverVersion, drop };
}

type LargeWorkload = (typeof LARGE_WORKLOADS)[number];
interface LargeRow {
  workload: LargeWorkload;
  ours: Measured;
  bare?: Measured;
}
interface LargeReport {
  engine: string;
  serverVersion: string;
  /** Records in the entity when the full set of workloads ran. */
  records: number;
  rows: LargeRow[];
  growth: Array<{ records: number; rows: LargeRow[] }>;
  indexes: string;
  maxRssMb: number;
}

/**
 * The index `["categoria", "precio"]` W3 reads, declared through the public API when this build has
 * declared indexes; answers what was done, for the report.
 */
async function declareLargeIndexes(seed: LargeSeed): Promise<string> {
  const base = `http://127.0.0.1:3901/api/entities/${LARGE_ENTITY}`;
  const headers = { 'x-api-key': seed.tenant.apiKey, 'content-type': 'application/json' };
  const declared = await fetch(`${base}/indexes`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ indexes: [{ fields: ['categoria', 'precio'] }] }),
  });
  if (declared.status === 404)
    return 'none declared (this build has no declared indexes): W3 filters with the GIN index and sorts the matches';
  if (!declared.ok) throw new Error(`declaring the index answered ${declared.status}: ${await declared.text()}`);
  const published = await fetch(`${base}/publish`, { method: 'POST', headers, body: '{}' });
  if (!published.ok) throw new Error(`publishing the index answered ${published.status}: ${await published.text()}`);
  for (let i = 0; i < 600; i++) {
    const schema = (await (await fetch(base, { headers })).json()) as { data?: { indexes?: Array<{ fields: string[]; state: string }> } };
    const index = schema.data?.indexes?.find((x) => x.fields.join(',') === 'categoria,precio');
    if (index?.state === 'ready')
      return '`["categoria", "precio"]` declared through `PUT /api/entities/productos/indexes` and published (ready)';
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the declared index did not become ready');
}

async function runLarge(engine: 'postgres' | 'pglite'): Promise<LargeReport> {
  const sizes = [...new Set([...growth, plan.records])].sort((a, b) => a - b);
  log(`== ${engine}, single large entity: sizes ${sizes.join(', ')}`);
  const bench = await openBenchDatabase(engine);
  await migrate(bench.db);
  const seed = await seedLargeTenant(bench.db);
  if (engine === 'postgres') {
    // The bare server's indexes for W3, as real expression indexes on the shared table.
    await bench.db.exec(
      "create index records_bench_categoria_precio on records (tenant_id, entity_id, (data ->> 'categoria'), ((data ->> 'precio')::numeric) desc)",
    );
  }
  const common = { LOG_LEVEL: 'warn', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0', DATABASE_POOL_MAX: '20' };
  const service = start('dist/main.js', { ...common, PORT: '3901', HOST: '127.0.0.1', ...bench.env }, 'service');
  const bare = bench.dbUrl
    ? start('bench/baseline-server.ts', { ...common, PORT: '3902', DATABASE_URL: bench.dbUrl, BARE_COUNT: 'none' }, 'baseline')
    : undefined;
  let maxRss = 0;
  const sampler = setInterval(() => (maxRss = Math.max(maxRss, rssMb(service.pid))), 500);
  const measure = async (workload: LargeWorkload): Promise<LargeRow> => {
    const oursRounds: Measure[] = [];
    const bareRounds: Measure[] = [];
    const next = () => workload.next(seed);
    for (let round = 0; round < rounds; round++) {
      if (bare && workload.baseline) {
        await loadWith(3902, next, warmup, connections);
        bareRounds.push(await loadWith(3902, next, duration, connections));
      }
      await loadWith(3901, next, warmup, connections);
      oursRounds.push(await loadWith(3901, next, duration, connections));
    }
    const ours = summarise(oursRounds);
    const bareMeasure = bareRounds.length ? summarise(bareRounds) : undefined;
    log(
      `  ${seed.records} records ${workload.id} ${workload.label}: ${ours.rps.toFixed(0)} req/s p50 ${ours.p50} ms p99 ${ours.p99} ms` +
        ` non2xx ${ours.non2xx} errors ${ours.errors}` +
        (bareMeasure
          ? ` | bare ${bareMeasure.rps.toFixed(0)} req/s p50 ${bareMeasure.p50} ms → ${ratioOf(ours, bareMeasure).toFixed(2)}×`
          : ''),
    );
    return { workload, ours, ...(bareMeasure ? { bare: bareMeasure } : {}) };
  };
  const byId = (id: string) => LARGE_WORKLOADS.find((w) => w.id === id)!;
  const report: LargeReport = {
    engine,
    serverVersion: bench.serverVersion,
    records: 0,
    rows: [],
    growth: [],
    indexes: '',
    maxRssMb: 0,
  };
  try {
    await waitReady(3901, '/api/health');
    if (bare) await waitReady(3902, '/api/entities/x/records');
    report.indexes = await declareLargeIndexes(seed);
    for (const size of sizes) {
      await growLargeEntity(bench.db, seed, size, log);
      const step = { records: seed.records, rows: [await measure(byId('W2')), await measure(byId('W3'))] };
      report.growth.push(step);
      if (size === plan.records) {
        report.records = seed.records;
        // W6 last: its creates grow the entity.
        report.rows = [await measure(byId('W1')), ...step.rows, await measure(byId('W6'))].filter((r) => only.includes(r.workload.id));
      }
    }
  } finally {
    clearInterval(sampler);
    await stop(service);
    if (bare) await stop(bare);
    await bench.drop();
  }
  report.maxRssMb = maxRss;
  return report;
}

const LARGE_TARGETS: Record<string, number> = { W1: 0.6, W2: 0.75, W3: 0.75, W6: 0.7 };

function largeReport(reports: LargeReport[], startedAt: Date): string {
  const lines = [
    '## Single large entity (`--shape=large`)',
    '',
    `Run ${startedAt.toISOString()} with \`${runCommand()}\`` +
      ` (${connections} connections, ${rounds} rounds of ${duration} s per workload, each after ${warmup} s of warm-up;` +
      ` load average (1 min) at start ${loadAtStart.toFixed(2)}, at end ${os.loadavg()[0]!.toFixed(2)}).`,
    'One tenant, one entity `productos` (titulo text, categoria select of 20, precio number), seeded in SQL by chunks of',
    '100,000. The bare server (Fastify + postgres.js, same database) answers lists with the page alone (no total), W3 through',
    "a real expression index `(tenant_id, entity_id, (data->>'categoria'), ((data->>'precio')::numeric) desc)`; the service",
    'answers every list with its total (docs/records.md, "Totals"). Both write through the same `records` table and its triggers.',
    '',
  ];
  for (const r of reports) {
    lines.push(`### ${r.engine === 'postgres' ? `PostgreSQL ${r.serverVersion}` : `PGlite (PostgreSQL ${r.serverVersion})`}`, '');
    lines.push(`Declared indexes: ${r.indexes}. Peak service RSS ${r.maxRssMb.toFixed(0)} MB.`, '');
    if (r.rows.length) {
      lines.push(
        `At ${r.records.toLocaleString('en')} records:`,
        '',
        '| Workload | req/s | p50 ms | p99 ms | bare req/s | bare p50 ms | ratio to bare | rounds ratio | target |',
        '|---|---:|---:|---:|---:|---:|---:|---:|---|',
      );
      for (const { workload: w, ours, bare } of r.rows) {
        const ratio = bare ? ratioOf(ours, bare) : undefined;
        const target = LARGE_TARGETS[w.id];
        lines.push(
          `| ${w.id} ${w.label} | ${ours.rps.toFixed(0)} | ${ours.p50} | ${ours.p99} | ${bare ? bare.rps.toFixed(0) : '—'} | ${bare ? bare.p50 : '—'} | ` +
            `${ratio !== undefined ? `${ratio.toFixed(2)}×` : '—'} | ${bare ? range(roundRatios(ours, bare), 2) : '—'} | ` +
            `${target !== undefined && ratio !== undefined ? `≥ ${target}× ${ratio >= target ? 'met' : 'MISSED'}` : '—'} |`,
        );
      }
      lines.push('');
    }
    if (r.growth.length > 1) {
      lines.push(
        'Growth (p50 ms; req/s in brackets):',
        '',
        '| records | W2 service | W2 bare | W3 service | W3 bare |',
        '|---:|---:|---:|---:|---:|',
      );
      const cell = (m: Measured | undefined) => (m ? (m.ok === 0 ? 'none completed' : `${m.p50} (${m.rps.toFixed(0)})`) : '—');
      for (const step of r.growth) {
        const [w2, w3] = step.rows;
        lines.push(
          `| ${step.records.toLocaleString('en')} | ${cell(w2?.ours)} | ${cell(w2?.bare)} | ${cell(w3?.ours)} | ${cell(w3?.bare)} |`,
        );
      }
      const first = r.growth[0]!;
      const last = r.growth.at(-1)!;
      // A workload that completed nothing at the last size (every request past autocannon's timeout) grew without bound.
      const growthOf = (i: number) =>
        last.rows[i]!.ours.ok === 0 ? Infinity : Math.max(1, last.rows[i]!.ours.p50) / Math.max(1, first.rows[i]!.ours.p50);
      lines.push(
        '',
        `p50 at ${last.records.toLocaleString('en')} over p50 at ${first.records.toLocaleString('en')} (service; 1 ms floor): ` +
          `W2 ${growthOf(0).toFixed(2)}×, W3 ${growthOf(1).toFixed(2)}× (target ≤ 2×: ${growthOf(0) <= 2 && growthOf(1) <= 2 ? 'met' : 'MISSED'}).`,
        '',
      );
    }
  }
  return lines.join('\n');
}

/** The command that ran this, as it is typed again (npm passes options to the script after `--`). */
const runCommand = () => ['npm run bench', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' ');

/**
 * W8 on `engine` (bench/rules-w8.ts, in a process of its own: it runs the service in-process): its
 * round lines and verdict, prefixed by the engine. PostgreSQL: a scratch database, dropped after.
 */
async function measureW8(engine: 'postgres' | 'pglite'): Promise<string[]> {
  log(`== W8 on ${engine}`);
  const env: NodeJS.ProcessEnv = { ...process.env };
  let drop = async () => undefined as void;
  if (engine === 'postgres') {
    const url = new URL(serverUrl);
    const name = `tb_bench_w8_${process.pid}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
    await admin.unsafe(`create database ${name}`);
    drop = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
  } else {
    delete env.DATABASE_URL;
  }
  try {
    const args = ['--import', 'tsx', 'bench/rules-w8.ts', '--duration', String(duration), '--rounds', String(rounds)];
    const out = execFileSync(process.execPath, args, { cwd: ROOT, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    const lines = out.split('\n').filter((l) => l.startsWith('round ') || l.startsWith('W8 '));
    for (const l of lines) log(l);
    return lines.map((l) => `${engine}: ${l}`);
  } finally {
    await drop();
  }
}

async function main() {
  const startedAt = new Date();
  const out = arg('out', join(ROOT, 'bench', 'RESULTS.md'));
  // Markers that make no block are refused now, not after the run has been measured.
  mergeResults(readPrevious(out), '', shape === 'large');
  if (shape === 'large') {
    const reports: LargeReport[] = [];
    for (const engine of engines) {
      if (engine !== 'postgres' && engine !== 'pglite') throw new Error(`unknown engine ${engine}`);
      reports.push(await runLarge(engine));
    }
    writeFileSync(out, mergeResults(readPrevious(out), largeReport(reports, startedAt), true));
    log(`\nwrote ${out}`);
    return;
  }
  const dsl = measureDslEvaluation();
  log(dsl.line);
  const reports: EngineReport[] = [];
  for (const engine of engines) {
    if (engine !== 'postgres' && engine !== 'pglite') throw new Error(`unknown engine ${engine}`);
    reports.push(await runEngine(engine));
  }
  // Static sites against @fastify/static, same run (bench/static-sites.ts); --sites=off skips it.
  const sites = arg('sites', 'on') === 'off' ? null : await measureStaticSites({ duration, connections, rounds });
  if (sites) log(sites.line);
  // W8, creates with 5 business rules against plain creates (bench/rules-w8.ts); --w8=off skips it.
  const w8: string[] = [];
  if (arg('w8', 'on') !== 'off') for (const engine of engines) w8.push(...(await measureW8(engine as 'postgres' | 'pglite')));
  const w8Text = w8.length
    ? `\n## W8 — creates with 5 published business rules\n\n\`bench/rules-w8.ts --duration ${duration} --rounds ${rounds}\` (20 connections), per engine, plain/ruled req/s by round (target: ruled ≥ 0.7× plain):\n\n${w8.map((l) => `- ${l}`).join('\n')}\n`
    : '';
  const text = `${report(reports, startedAt, dsl.line)}${sites ? `\n${sites.line}\n` : ''}${w8Text}`;
  writeFileSync(out, mergeResults(readPrevious(out), text, false));
  log(`\nwrote ${out}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log(`benchmark failed: ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  },
);
