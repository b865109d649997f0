import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { pick, type SeededTenant } from './seed.js';
import { WORKLOADS, type BenchRequest } from './workloads.js';

/**
 * What the long-running benchmarks share (bench/steady-mix.ts, bench/soak.ts): a scratch
 * PostgreSQL database, the compiled service started on it, a read/write mix across seeded tenants,
 * and a measurement of req/s, p99 and the service's RSS per interval.
 */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const log = (s: string) => process.stderr.write(`${s}\n`);

/** The mix: mostly reads (by id, lists, filtered lists), some creates and updates. */
export const MIX: Array<[id: string, weight: number]> = [
  ['W1', 40],
  ['W2', 20],
  ['W3', 15],
  ['W6', 15],
  ['W7', 10],
];
const mixed = MIX.flatMap(([id, weight]) => Array.from({ length: weight }, () => WORKLOADS.find((w) => w.id === id)!));
export const nextRequest = (tenants: readonly SeededTenant[]): BenchRequest => pick(mixed).next(tenants);
export const describeMix = () => MIX.map(([id, w]) => `${id} ${w}%`).join(', ');

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const rssMb = (pid: number | undefined) => {
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

export async function waitReady(port: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the service did not start');
}

/** A new database on the local PostgreSQL server `serverUrl` (127.0.0.1 only); `drop()` removes it. */
export async function scratchDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const url = new URL(serverUrl);
  if (!['127.0.0.1', 'localhost'].includes(url.hostname)) throw new Error('the benchmark only targets a local server (127.0.0.1)');
  const name = `${prefix}_${process.pid}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database ${name}`);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Compiles the service (not the console, which the load does not touch) into dist/. */
export function buildService(): void {
  execFileSync(process.execPath, ['scripts/build.mjs', '--server'], { cwd: ROOT, stdio: 'inherit' });
}

/** Starts `node dist/main.js serve` on `databaseUrl`, listening on 127.0.0.1:`port`. */
export function startService(databaseUrl: string, port: number, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['dist/main.js', 'serve'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0',
      DATABASE_POOL_MAX: '20',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      MCP_SERVER_PORT: String(port + 1),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** Stops the service with SIGTERM (its clean shutdown) and waits for it to exit. */
export async function stopService(service: ChildProcess | undefined): Promise<void> {
  if (!service || service.exitCode !== null) return;
  const exited = new Promise((r) => service.once('exit', r));
  service.kill('SIGTERM');
  await exited;
}

/** One request per tenant, `connections` at a time: fills the API key, tenant and entity caches. */
export async function warmTenants(port: number, tenants: readonly SeededTenant[], connections: number): Promise<void> {
  for (let i = 0; i < tenants.length; i += connections) {
    await Promise.all(
      tenants
        .slice(i, i + connections)
        .map((t) =>
          fetch(`http://127.0.0.1:${port}/api/entities/orders/records?limit=1`, { headers: { 'x-api-key': t.apiKey } }).then((r) =>
            r.arrayBuffer(),
          ),
        ),
    );
  }
}

export interface Interval {
  second: number;
  rps: number;
  p99: number;
  non2xx: number;
  rssMb: number;
}

interface Bucket {
  latencies: number[];
  non2xx: number;
  rssMb: number;
}

function summarize(b: Bucket | undefined, i: number, interval: number): Interval {
  const sorted = [...(b?.latencies ?? [])].sort((x, y) => x - y);
  return {
    second: (i + 1) * interval,
    rps: sorted.length / interval,
    p99: Math.round(percentile(sorted, 99)),
    non2xx: b?.non2xx ?? 0,
    rssMb: b?.rssMb ?? 0,
  };
}

export const formatInterval = (i: Interval) =>
  `${i.second}s ${i.rps.toFixed(0)} req/s p99 ${i.p99} ms non2xx ${i.non2xx} rss ${i.rssMb.toFixed(0)} MB`;

/**
 * Runs the mix with autocannon for `seconds`, bucketing responses into intervals by their arrival;
 * `onInterval` hears each interval as soon as it is over.
 */
export async function measure(options: {
  port: number;
  tenants: readonly SeededTenant[];
  seconds: number;
  interval: number;
  connections: number;
  pid: number | undefined;
  onInterval?: (interval: Interval) => void;
}): Promise<Interval[]> {
  const { interval, seconds } = options;
  const started = Date.now();
  const buckets: Bucket[] = [];
  const index = () => Math.floor((Date.now() - started) / 1000 / interval);
  const bucket = () => (buckets[index()] ??= { latencies: [], non2xx: 0, rssMb: 0 });
  let reported = 0;
  const sampler = setInterval(() => {
    const b = bucket();
    b.rssMb = Math.max(b.rssMb, rssMb(options.pid));
    for (; reported < index() && reported < Math.floor(seconds / interval); reported++)
      options.onInterval?.(summarize(buckets[reported], reported, interval));
  }, 1000);
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${options.port}`,
        connections: options.connections,
        duration: seconds,
        requests: [{ setupRequest: (req) => ({ ...req, ...nextRequest(options.tenants) }) }],
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
  const whole = Math.floor(seconds / interval);
  for (; reported < whole; reported++) options.onInterval?.(summarize(buckets[reported], reported, interval));
  return Array.from({ length: whole }, (_, i) => summarize(buckets[i], i, interval));
}
