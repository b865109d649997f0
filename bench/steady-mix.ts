import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { migrate } from '../src/db/migrate.js';
import { openPostgres } from '../src/db/postgres.js';
import { pick, seedDatabase, type SeededTenant } from './seed.js';
import { WORKLOADS, type BenchRequest } from './workloads.js';

/**
 * Caches under many tenants, over time (docs/security.md "Caches"): `npm run bench:steady [--
 * --tenants=10000 --records=200000 --duration=180 --interval=10 --connections=50]`.
 *
 * Seeds its own PostgreSQL database, starts the compiled service, warms every tenant once in a
 * burst (so all cache entries are filled together — with expiry by age they would also go cold
 * together), then runs a mix of reads and writes across all tenants for `duration` seconds and
 * reports req/s, p99 and the service's RSS per `interval`, with the worst interval's throughput
 * against the median. A steady mix shows no interval dipping. Writes bench/STEADY.md.
 * Only 127.0.0.1 is targeted; the database is dropped at the end.
 */
const { values } = parseArgs({
  options: {
    tenants: { type: 'string', default: '10000' },
    records: { type: 'string', default: '200000' },
    duration: { type: 'string', default: '180' },
    interval: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    out: { type: 'string' },
  },
});
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TENANTS = Number(values.tenants);
const DURATION = Number(values.duration);
const INTERVAL = Number(values.interval);
const CONNECTIONS = Number(values.connections);
const PORT = 3911;
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (s: string) => process.stderr.write(`${s}\n`);

/** The mix: mostly reads (by id, lists, filtered lists), some creates and updates. */
const MIX: Array<[id: string, weight: number]> = [
  ['W1', 40],
  ['W2', 20],
  ['W3', 15],
  ['W6', 15],
  ['W7', 10],
];
const mixed = MIX.flatMap(([id, weight]) => Array.from({ length: weight }, () => WORKLOADS.find((w) => w.id === id)!));
const nextRequest = (tenants: readonly SeededTenant[]): BenchRequest => pick(mixed).next(tenants);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const rssMb = (pid: number | undefined) => {
  try {
    return pid
      ? Number(
          execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
            .toString()
            .trim(),
        ) / 1024
      : 0;
  } catch {
    return 0;
  }
};

async function waitReady(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the service did not start');
}

interface Interval {
  second: number;
  rps: number;
  p99: number;
  non2xx: number;
  rssMb: number;
}

/** Runs autocannon for `seconds`, bucketing responses into intervals by their arrival. */
async function measure(tenants: readonly SeededTenant[], seconds: number, pid: number | undefined): Promise<Interval[]> {
  const started = Date.now();
  const buckets: Array<{ latencies: number[]; non2xx: number; rssMb: number }> = [];
  const bucket = () => {
    const i = Math.floor((Date.now() - started) / 1000 / INTERVAL);
    return (buckets[i] ??= { latencies: [], non2xx: 0, rssMb: 0 });
  };
  const sampler = setInterval(() => {
    const b = bucket();
    b.rssMb = Math.max(b.rssMb, rssMb(pid));
  }, 1000);
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${PORT}`,
        connections: CONNECTIONS,
        duration: seconds,
        requests: [{ setupRequest: (req) => ({ ...req, ...nextRequest(tenants) }) }],
      },
      (error) => (error ? reject(error) : resolve()),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      const b = bucket();
      b.latencies.push(responseTime);
      if (statusCode < 200 || statusCode >= 300) b.non2xx++;
    });
  });
  clearInterval(sampler);
  // The last bucket may be partial: only whole intervals are reported.
  return buckets.slice(0, Math.floor(seconds / INTERVAL)).map((b, i) => {
    const sorted = [...(b?.latencies ?? [])].sort((x, y) => x - y);
    return {
      second: (i + 1) * INTERVAL,
      rps: sorted.length / INTERVAL,
      p99: Math.round(percentile(sorted, 99)),
      non2xx: b?.non2xx ?? 0,
      rssMb: b?.rssMb ?? 0,
    };
  });
}

async function main() {
  const url = new URL(serverUrl);
  if (!['127.0.0.1', 'localhost'].includes(url.hostname)) throw new Error('the benchmark only targets a local server (127.0.0.1)');
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  const name = `tb_steady_${process.pid}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database ${name}`);
  url.pathname = `/${name}`;
  let service: ChildProcess | undefined;
  try {
    const db = await openPostgres(url.toString(), { max: 4 });
    await migrate(db);
    log(`seeding ${TENANTS} tenants / ${values.records} records`);
    const tenants = await seedDatabase(db, { tenants: TENANTS, records: Number(values.records), zipf: 1 }, log);
    await db.close();

    const startedAt = Date.now();
    service = spawn(process.execPath, ['dist/main.js', 'serve'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        LOG_LEVEL: 'warn',
        JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0',
        DATABASE_POOL_MAX: '20',
        DATABASE_URL: url.toString(),
        PORT: String(PORT),
        HOST: '127.0.0.1',
        MCP_SERVER_PORT: String(PORT + 1),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitReady();
    const startupMs = Date.now() - startedAt;
    // Warm every tenant together (API key, tenant and entity caches all filled in one burst).
    const warmStarted = Date.now();
    for (let i = 0; i < tenants.length; i += CONNECTIONS) {
      await Promise.all(
        tenants
          .slice(i, i + CONNECTIONS)
          .map((t) =>
            fetch(`http://127.0.0.1:${PORT}/api/entities/orders/records?limit=1`, { headers: { 'x-api-key': t.apiKey } }).then((r) =>
              r.arrayBuffer(),
            ),
          ),
      );
    }
    const warmMs = Date.now() - warmStarted;
    log(`service up in ${startupMs} ms; ${tenants.length} tenants warmed in ${warmMs} ms; measuring ${DURATION} s`);
    const intervals = await measure(tenants, DURATION, service.pid);
    for (const i of intervals)
      log(`  ${i.second}s ${i.rps.toFixed(0)} req/s p99 ${i.p99} ms non2xx ${i.non2xx} rss ${i.rssMb.toFixed(0)} MB`);
    const sortedRps = intervals.map((i) => i.rps).sort((a, b) => a - b);
    const median = percentile(sortedRps, 50);
    const worst = sortedRps[0] ?? 0;
    const lines = [
      '# Many tenants, over time (bench/steady-mix.ts)',
      '',
      `Run ${new Date(startedAt).toISOString()} with \`npm run bench:steady -- ${process.argv.slice(2).join(' ')}\`: ${TENANTS} tenants, ` +
        `${values.records} records (Zipf), ${CONNECTIONS} connections, a mix of ${MIX.map(([id, w]) => `${id} ${w}%`).join(', ')} ` +
        `(workloads of bench/workloads.ts) across all tenants for ${DURATION} s after warming every tenant in one burst.`,
      '',
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}; load average (1 min) at the end ${os.loadavg()[0]!.toFixed(2)} ` +
        '(the service, PostgreSQL and the load generator share the cores: absolute figures are a floor).',
      '',
      `Service up in ${startupMs} ms; all tenants warmed in ${warmMs} ms. Worst interval ${worst.toFixed(0)} req/s against a median of ` +
        `${median.toFixed(0)} (${median ? ((worst / median) * 100).toFixed(0) : '—'}%).`,
      '',
      `| second | req/s | p99 ms | non-2xx | service RSS MB |`,
      '|---:|---:|---:|---:|---:|',
      ...intervals.map((i) => `| ${i.second} | ${i.rps.toFixed(0)} | ${i.p99} | ${i.non2xx} | ${i.rssMb.toFixed(0)} |`),
      '',
    ];
    const out = values.out ?? join(ROOT, 'bench', 'STEADY.md');
    writeFileSync(out, lines.join('\n'));
    log(`wrote ${out}`);
  } finally {
    if (service && service.exitCode === null) {
      const exited = new Promise((r) => service!.once('exit', r));
      service.kill('SIGTERM');
      await exited;
    }
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
