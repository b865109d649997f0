// Smoke test of what production runs (CI, after `npm run build`): `node dist/main.js serve` on a
// fresh embedded data directory — /api/health, an administrator's first record round trip
// (login → tenant → entity → record → read back), then SIGTERM and a clean exit 0.
//   node scripts/smoke.mjs
/* global console, fetch */
/* eslint-disable no-console -- a command-line script: its report is its output */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { clearTimeout, setTimeout } from 'node:timers';

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const fail = (message) => {
  throw new Error(`smoke: ${message}`);
};

const dataDir = mkdtempSync(join(tmpdir(), 'tenantbase-smoke-'));
const [port, mcpPort] = [await freePort(), await freePort()];
const base = `http://127.0.0.1:${port}/api`;
const admin = { email: 'smoke@example.com', password: 'smoke-password-1' };
const started = Date.now();
const child = spawn(process.execPath, ['dist/main.js', 'serve'], {
  env: {
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    MCP_SERVER_PORT: String(mcpPort),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

async function call(method, path, body, headers = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!json.success) fail(`${method} ${path} answered ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

try {
  for (;;) {
    if (Date.now() - started > 120_000) fail('no /api/health within 120 s');
    const early = await Promise.race([exited, new Promise((r) => setTimeout(() => r(null), 250))]);
    if (early) fail(`the server exited before it was healthy: ${JSON.stringify(early)}`);
    const ok = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
  }
  console.log(`smoke: healthy after ${Date.now() - started} ms`);

  const { token } = await call('POST', '/auth/login', admin);
  const auth = { authorization: `Bearer ${token}` };
  const tenant = await call('POST', '/auth/tenants', { name: 'Smoke Shop' }, auth);
  const inTenant = { ...auth, 'x-tenant-id': tenant.id };
  await call(
    'POST',
    '/entities',
    {
      definition: { entity: { name: 'notas' }, fields: [{ name: 'Texto', fieldKey: 'texto', fieldType: 'text', isRequired: true }] },
      auto_publish: true,
      version_message: 'smoke',
    },
    inTenant,
  );
  const created = await call('POST', '/entities/notas/records', { texto: 'hola' }, inTenant);
  const read = await call('GET', `/entities/notas/records/${created.id}`, undefined, inTenant);
  if (read.data?.texto !== 'hola') fail(`read back ${JSON.stringify(read)}`);
  console.log('smoke: login → tenant → entity → record → read back: ok');

  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const { code, signal } = await exited;
  clearTimeout(timer);
  if (code !== 0) fail(`after SIGTERM the server exited with ${JSON.stringify({ code, signal })}, not 0`);
  console.log('smoke: SIGTERM → exit 0');
} catch (error) {
  child.kill('SIGKILL');
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
