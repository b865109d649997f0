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
 * The soak (docs/security.md "Soak"): `npm run soak [-- --duration=600 --interval=30 --tenants=200
 * --records=20000 --connections=20]`. Seeds a scratch PostgreSQL database (DATABASE_URL's local
 * server, dropped at the end), starts the compiled service on it and runs the read/write mix of
 * bench:steady for `duration` seconds, printing req/s, p99 and the service's RSS after every
 * interval; then writes the table and a summary — drift of throughput and latency from the first
 * intervals to the last, RSS growth — to bench/SOAK.md. Exits non-zero when a request failed
 * (non-2xx) or the service died.
 */
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '600' },
    interval: { type: 'string', default: '30' },
    tenants: { type: 'string', default: '200' },
    records: { type: 'string', default: '20000' },
    connections: { type: 'string', default: '20' },
    out: { type: 'string' },
  },
});
const DURATION = Number(values.duration);
const INTERVAL = Math.min(Number(values.interval), DURATION);
const TENANTS = Number(values.tenants);
const CONNECTIONS = Number(values.connections);
const PORT = 3931;
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );

async function main(): Promise<number> {
  buildService();
  const database = await scratchDatabase(serverUrl, 'tb_soak');
  let service: ReturnType<typeof startService> | undefined;
  try {
    const db = await openPostgres(database.url, { max: 4, callTimeoutMs: SEEDING_TIMEOUT_MS });
    await migrate(db);
    log(`seeding ${TENANTS} tenants / ${values.records} records`);
    const tenants = await seedDatabase(db, { tenants: TENANTS, records: Number(values.records), zipf: 1 }, log);
    await db.close();

    const loadBefore = os.loadavg()[0]!;
    const startedAt = new Date();
    service = startService(database.url, PORT);
    let died = false;
    service.once('exit', () => (died = true));
    await waitReady(PORT);
    await warmTenants(PORT, tenants, CONNECTIONS);
    log(
      `soaking ${DURATION} s (${describeMix()}), ${CONNECTIONS} connections, reporting every ${INTERVAL} s; load ${loadBefore.toFixed(2)}`,
    );
    const intervals = await measure({
      port: PORT,
      tenants,
      seconds: DURATION,
      interval: INTERVAL,
      connections: CONNECTIONS,
      pid: service.pid,
      onInterval: (i) => log(`  ${formatInterval(i)} load ${os.loadavg()[0]!.toFixed(2)}`),
    });
    const loadAfter = os.loadavg()[0]!;
    const alive =
      !died &&
      (await fetch(`http://127.0.0.1:${PORT}/api/health`)
        .then((r) => r.ok)
        .catch(() => false));

    // Drift: the first third of the intervals against the last third.
    const third = Math.max(1, Math.floor(intervals.length / 3));
    const early = intervals.slice(0, third);
    const late = intervals.slice(-third);
    const rps = intervals.map((i) => i.rps);
    const failed = intervals.reduce((n, i) => n + i.non2xx, 0);
    const total = intervals.reduce((n, i) => n + i.rps * INTERVAL, 0);
    const summary = [
      `| req/s, median (worst interval) | ${median(rps).toFixed(0)} (${Math.min(...rps).toFixed(0)}) |`,
      `| req/s, first third → last third (medians) | ${median(early.map((i) => i.rps)).toFixed(0)} → ${median(late.map((i) => i.rps)).toFixed(0)} |`,
      `| p99 ms, first third → last third (medians); worst | ${median(early.map((i) => i.p99))} → ${median(late.map((i) => i.p99))}; ${Math.max(...intervals.map((i) => i.p99))} |`,
      `| service RSS MB, first interval → last (max) | ${intervals[0]?.rssMb.toFixed(0)} → ${intervals.at(-1)?.rssMb.toFixed(0)} (${Math.max(...intervals.map((i) => i.rssMb)).toFixed(0)}) |`,
      `| requests, non-2xx | ${total.toFixed(0)}, ${failed} |`,
      `| service alive at the end | ${alive ? 'yes' : 'NO'} |`,
    ];
    const lines = [
      '# Soak (bench/soak.ts)',
      '',
      `Run ${startedAt.toISOString()} with \`npm run soak -- ${process.argv.slice(2).join(' ')}\`: the compiled service on PostgreSQL, ` +
        `${TENANTS} tenants, ${values.records} records (Zipf), ${CONNECTIONS} connections, a mix of ${describeMix()} ` +
        `(workloads of bench/workloads.ts) for ${DURATION} s.`,
      '',
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}; load average (1 min) ${loadBefore.toFixed(2)} before, ` +
        `${loadAfter.toFixed(2)} at the end (the service, PostgreSQL and the load generator share the cores: absolute figures are a floor).`,
      '',
      '| | |',
      '|---|---:|',
      ...summary,
      '',
      `| second | req/s | p99 ms | non-2xx | service RSS MB |`,
      '|---:|---:|---:|---:|---:|',
      ...intervals.map((i) => `| ${i.second} | ${i.rps.toFixed(0)} | ${i.p99} | ${i.non2xx} | ${i.rssMb.toFixed(0)} |`),
      '',
    ];
    const out = values.out ?? join(ROOT, 'bench', 'SOAK.md');
    writeFileSync(out, lines.join('\n'));
    log(summary.join('\n'));
    log(`wrote ${out}`);
    return failed === 0 && alive ? 0 : 1;
  } finally {
    await stopService(service);
    await database.drop();
  }
}

process.exitCode = await main();
