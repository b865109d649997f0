// Warm start of two builds of the service, alternated in one run so both see the same machine:
// time from spawn to a healthy /api/health and idle resident memory, on the embedded database.
//   cp -r dist dist.before            # the build to compare against (dist.* is git-ignored)
//   node scripts/build.mjs --server   # the build under test, in dist/
//   node bench/start-compare.mjs dist.before dist 5
// Each build gets its own data directory, started once first (initdb, not counted). Medians are
// printed with the load average before and after: on a loaded machine only the comparison counts.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { setTimeout } from 'node:timers';
/* global fetch */

const [a, b] = process.argv.slice(2, 4);
const runs = Number(process.argv[4] ?? 5);
if (!a || !b) {
  process.stderr.write('usage: node bench/start-compare.mjs <dir A> <dir B> [runs]\n');
  process.exit(2);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function startOnce(dir, dataDir) {
  const [port, mcpPort] = [await freePort(), await freePort()];
  const started = performance.now();
  const child = spawn(process.execPath, [join(dir, 'main.js'), 'serve'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      MCP_SERVER_PORT: String(mcpPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'start-compare-1',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${dir} exited before it was healthy:\n${stderr}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  const healthyMs = performance.now() - started;
  await new Promise((r) => setTimeout(r, 3000));
  const rss = Number(readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) / 1024;
  child.kill('SIGTERM');
  await exited;
  return { healthyMs, rss };
}

const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const data = { [a]: mkdtempSync(join(tmpdir(), 'tb-compare-')), [b]: mkdtempSync(join(tmpdir(), 'tb-compare-')) };
try {
  for (const dir of [a, b]) await startOnce(dir, data[dir]);
  const results = { [a]: [], [b]: [] };
  const before = load();
  for (let i = 0; i < runs; i++) for (const dir of i % 2 ? [b, a] : [a, b]) results[dir].push(await startOnce(dir, data[dir]));
  process.stdout.write(`Load average before: ${before}; after: ${load()}; ${runs} warm starts each, alternated\n`);
  for (const dir of [a, b]) {
    const r = results[dir];
    process.stdout.write(
      `${dir}: healthy after ${median(r.map((x) => x.healthyMs)).toFixed(0)} ms (median; ${r.map((x) => x.healthyMs.toFixed(0)).join(', ')}), idle RSS ${median(r.map((x) => x.rss)).toFixed(0)} MiB\n`,
    );
  }
} finally {
  for (const dir of [a, b]) rmSync(data[dir], { recursive: true, force: true });
}
