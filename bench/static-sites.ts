import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

/**
 * Static sites: requests per second of one cached 10 KB asset served by the service (by Host,
 * from its in-memory site cache; the compiled build on embedded PGlite, as `npm start` runs it)
 * against bare Fastify + @fastify/static serving the same file from disk (bench/static-site-baseline.ts),
 * in alternating rounds of the same run. Target: the service ≥ 0.8× the reference.
 * `npm run bench` runs it after the workloads; alone: `npx tsx bench/static-sites.ts [--duration=10
 * --connections=50 --rounds=3]`. Both send the asset uncompressed (the client asks for no encoding).
 */
export const SITES_TARGET_RATIO = 0.8;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ASSET = 'assets/app.3f9a1c2e.js';
const log = (s: string) => process.stderr.write(`${s}\n`);

export interface SitesMeasure {
  service: number[];
  reference: number[];
  ratio: number;
  line: string;
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, headers: Record<string, string> = {}) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url, { headers })).status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

/** 10,240 bytes of script-like text. */
function asset(): string {
  const line = 'export const greet = (name) => `Hello, ${name}!`; // static site benchmark asset\n';
  return line.repeat(Math.ceil(10_240 / line.length)).slice(0, 10_240);
}

async function call(base: string, method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; data: any };
  if (!json.success) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
  return json.data;
}

/** Deploys the asset through the API as an administrator would, and answers nothing. */
async function deployAsset(base: string, content: string) {
  const admin = { email: 'bench@sites.local', password: 'bench-password-1' };
  const { token } = await call(base, 'POST', '/api/auth/login', admin);
  const tenant = await call(base, 'POST', '/api/auth/tenants', { name: 'Bench Sites' }, { authorization: `Bearer ${token}` });
  const selected = await call(base, 'POST', `/api/auth/tenants/${tenant.slug}/select`, {}, { authorization: `Bearer ${token}` });
  const key = await call(base, 'POST', '/api/auth/api-keys', { name: 'bench' }, { authorization: `Bearer ${selected.token}` });
  await call(
    base,
    'POST',
    '/api/sites',
    {
      subdomain: 'bench',
      files: [
        { path: 'index.html', content: '<p>bench</p>' },
        { path: ASSET, content },
      ],
    },
    { 'x-api-key': key.key },
  );
}

async function rate(port: number, host: string | undefined, path: string, duration: number, connections: number) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections,
    duration,
    headers: host ? { host } : {},
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors on ${port}`);
  return result.requests.average;
}

export async function measureStaticSites(options: { duration: number; connections: number; rounds: number }): Promise<SitesMeasure> {
  const dir = mkdtempSync(join(os.tmpdir(), 'tb-sites-bench-'));
  const content = asset();
  mkdirSync(join(dir, 'static', 'assets'), { recursive: true });
  writeFileSync(join(dir, 'static', ASSET), content);
  const [servicePort, mcpPort, referencePort] = [await freePort(), await freePort(), await freePort()];
  const env = { PATH: process.env.PATH ?? '' };
  const service = spawn(process.execPath, ['dist/main.js', 'serve'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...env,
      PORT: String(servicePort),
      HOST: '127.0.0.1',
      MCP_SERVER_PORT: String(mcpPort),
      DATA_DIR: join(dir, 'data'),
      ADMIN_EMAIL: 'bench@sites.local',
      ADMIN_PASSWORD: 'bench-password-1',
      LOG_LEVEL: 'warn',
    },
  });
  const reference = spawn(process.execPath, ['--import', 'tsx', 'bench/static-site-baseline.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...env, PORT: String(referencePort), STATIC_ROOT: join(dir, 'static') },
  });
  try {
    const base = `http://127.0.0.1:${servicePort}`;
    await waitFor(`${base}/api/health`);
    await deployAsset(base, content);
    const host = 'bench.sites.localhost';
    await waitFor(`http://127.0.0.1:${referencePort}/${ASSET}`);
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let round = 1; round <= options.rounds; round++) {
      theirs.push(await rate(referencePort, undefined, `/${ASSET}`, options.duration, options.connections));
      ours.push(await rate(servicePort, host, `/${ASSET}`, options.duration, options.connections));
      log(`static sites round ${round}: service ${ours.at(-1)!.toFixed(0)} req/s, @fastify/static ${theirs.at(-1)!.toFixed(0)} req/s`);
    }
    const ratio = median(ours.map((o, i) => o / theirs[i]!));
    const line =
      `Static sites, a cached 10 KB asset: ${median(ours).toFixed(0)} req/s vs @fastify/static from disk ${median(theirs).toFixed(0)} req/s ` +
      `(${ratio.toFixed(2)}×, median of ${options.rounds} alternating rounds of ${options.duration} s, ${options.connections} connections; ` +
      `target ≥ ${SITES_TARGET_RATIO}×: ${ratio >= SITES_TARGET_RATIO ? 'met' : 'NOT met'})`;
    return { service: ours, reference: theirs, ratio, line };
  } finally {
    await Promise.all([stop(service), stop(reference)]);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  const result = await measureStaticSites({
    duration: Number(arg('duration', '10')),
    connections: Number(arg('connections', '50')),
    rounds: Number(arg('rounds', '3')),
  });
  console.log(result.line);
}
