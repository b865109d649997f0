// CI: the npm package works outside the checkout. Packs the repository (`npm pack`), installs the
// tarball into an empty project (dependencies from the registry, no dev dependencies), then runs
// the installed `tenantbase --version` and `tenantbase serve` — the container's entrypoint — on
// the embedded database, waits for /api/health, sends SIGTERM and expects exit status 0.
//   node scripts/pack-test.mjs
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
/* global fetch */
import { setTimeout } from 'node:timers';
import { fileURLToPath, URL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'tenantbase-pack-'));
const say = (line) => process.stdout.write(`pack-test: ${line}\n`);
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function main() {
  say('building dist/ and packing');
  run(process.execPath, ['scripts/build.mjs', '--server'], root);
  // The service is built above; prepack would also build the console (Vite), which this test does not need.
  run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', work], root);
  const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack made no tarball');
  const project = join(work, 'project');
  execFileSync('mkdir', ['-p', project]);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'pack-test', private: true, type: 'module' }));
  say(`installing ${tarball} into an empty project`);
  run('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', join(work, tarball)], project);

  const bin = join(project, 'node_modules', '.bin', 'tenantbase');
  const version = run(bin, ['--version'], project).trim();
  say(`tenantbase --version: ${version}`);

  const [port, mcpPort] = [await freePort(), await freePort()];
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    MCP_SERVER_PORT: String(mcpPort),
    HOST: '127.0.0.1',
    DATA_DIR: join(work, 'data'),
    LOG_LEVEL: 'warn',
  };
  say('starting tenantbase serve');
  const server = spawn(bin, ['serve'], { cwd: project, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({ code, signal })));
  let gone = false;
  void exited.then(() => (gone = true));
  try {
    for (;;) {
      if (gone) throw new Error('tenantbase serve exited before it was healthy');
      const health = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => (r.ok ? r.json() : null),
        () => null,
      );
      if (health?.data?.status === 'ok') {
        say(`healthy: ${JSON.stringify(health.data)}`);
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    server.kill('SIGTERM');
    const end = await exited;
    if (end.code !== 0) throw new Error(`tenantbase serve ended with ${JSON.stringify(end)} after SIGTERM, not status 0`);
    say('stopped with status 0 on SIGTERM');
  } finally {
    if (!gone) server.kill('SIGKILL');
  }
}

try {
  await main();
  say('ok');
} finally {
  rmSync(work, { recursive: true, force: true });
}
