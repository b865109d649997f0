// Footprint of the compiled service (`node dist/main.js serve`): time from spawn to a healthy
// /api/health, and resident memory once idle (VmRSS; VmHWM is the peak), on the embedded
// database — first start on an empty data directory, then warm restarts — and on PostgreSQL when
// DATABASE_URL is set (a fresh database created and dropped per run).
//   npm run bench:footprint                       # PGlite; add DATABASE_URL=postgres://… for both
//   node bench/footprint.mjs --runs 5 --idle 5    # warm runs per database, seconds idle before measuring
// Results are only as quiet as the machine: report its load beside them (bench/RESULTS.md).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
/* global fetch */
import { setTimeout } from 'node:timers';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, URL } from 'node:url';
import postgres from 'postgres';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg('runs', 3);
const IDLE_SECONDS = arg('idle', 5);

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** VmRSS and VmHWM of a process, in MiB (Linux). */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** One start: spawn, poll health, wait idle, read memory, SIGTERM. */
async function startOnce(env) {
  const [port, mcpPort] = [await freePort(), await freePort()];
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/main.js', 'serve'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      MCP_SERVER_PORT: String(mcpPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`the service exited before it was healthy:\n${stderr}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const healthyMs = performance.now() - started;
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  const memory = memoryOf(child.pid);
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`exit status ${code} after SIGTERM:\n${stderr}`);
  return { healthyMs, ...memory };
}

const fmt = (n, digits = 0) => n.toFixed(digits);
const row = (label, r) => `| ${label} | ${fmt(r.healthyMs)} ms | ${fmt(r.rss)} MiB | ${fmt(r.peak)} MiB |`;

async function measure(label, env, { first } = {}) {
  const lines = [];
  if (first) lines.push(row(`${label}, first start (empty)`, await startOnce(env)));
  for (let i = 1; i <= RUNS; i++) lines.push(row(`${label}, warm #${i}`, await startOnce(env)));
  return lines;
}

const out = [
  `Load average before: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${(await import('node:os')).cpus().length} cores; idle ${IDLE_SECONDS} s before measuring`,
  '',
  '| Start | Healthy after | Idle RSS | Peak RSS |',
  '|---|---|---|---|',
];
const dataDir = mkdtempSync(join(tmpdir(), 'tenantbase-footprint-'));
try {
  out.push(...(await measure('PGlite', { DATA_DIR: dataDir }, { first: true })));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
if (process.env.DATABASE_URL) {
  const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => undefined });
  const name = `tb_footprint_${process.pid}`;
  await admin.unsafe(`create database ${name}`);
  try {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    out.push(...(await measure('PostgreSQL', { DATABASE_URL: url.toString() }, { first: true })));
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
out.push(
  '',
  `Load average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
process.stdout.write(`${out.join('\n')}\n`);
