import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { migrate } from '../src/db/migrate.js';
import { openPostgres } from '../src/db/postgres.js';
import { SEEDING_TIMEOUT_MS, seedDatabase } from './seed.js';
import {
  buildService,
  describeMix,
  formatInterval,
  log,
  measure,
  percentile,
  ROOT,
  scratchDatabase,
  startService,
  stopService,
  waitReady,
  warmTenants,
} from './service-mix.js';

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
const TENANTS = Number(values.tenants);
const DURATION = Number(values.duration);
const INTERVAL = Number(values.interval);
const CONNECTIONS = Number(values.connections);
const PORT = 3911;
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function main() {
  buildService();
  const database = await scratchDatabase(serverUrl, 'tb_steady');
  let service: ReturnType<typeof startService> | undefined;
  try {
    const db = await openPostgres(database.url, { max: 4, callTimeoutMs: SEEDING_TIMEOUT_MS });
    await migrate(db);
    log(`seeding ${TENANTS} tenants / ${values.records} records`);
    const tenants = await seedDatabase(db, { tenants: TENANTS, records: Number(values.records), zipf: 1 }, log);
    await db.close();

    const startedAt = Date.now();
    service = startService(database.url, PORT);
    await waitReady(PORT);
    const startupMs = Date.now() - startedAt;
    // Warm every tenant together (API key, tenant and entity caches all filled in one burst).
    const warmStarted = Date.now();
    await warmTenants(PORT, tenants, CONNECTIONS);
    const warmMs = Date.now() - warmStarted;
    log(`service up in ${startupMs} ms; ${tenants.length} tenants warmed in ${warmMs} ms; measuring ${DURATION} s`);
    const intervals = await measure({
      port: PORT,
      tenants,
      seconds: DURATION,
      interval: INTERVAL,
      connections: CONNECTIONS,
      pid: service.pid,
      onInterval: (i) => log(`  ${formatInterval(i)}`),
    });
    const sortedRps = intervals.map((i) => i.rps).sort((a, b) => a - b);
    const median = percentile(sortedRps, 50);
    const worst = sortedRps[0] ?? 0;
    const lines = [
      '# Many tenants, over time (bench/steady-mix.ts)',
      '',
      `Run ${new Date(startedAt).toISOString()} with \`npm run bench:steady -- ${process.argv.slice(2).join(' ')}\`: ${TENANTS} tenants, ` +
        `${values.records} records (Zipf), ${CONNECTIONS} connections, a mix of ${describeMix()} ` +
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
    await stopService(service);
    await database.drop();
  }
}

await main();
