// CPU time per request, service and database together, of one or more builds of the service:
//
//   node bench/cpu-per-request.mjs [--dirs=.,/path/to/other/checkout] [--requests=20000]
//     [--connections=20] [--rounds=3]
//
// Each dir is a checkout whose `dist/` is built (`npm run build`). For each round and each dir, in
// turn: a fresh PostgreSQL database (DATABASE_URL's server, default the local one), the compiled
// service on it, a tenant with one entity, then a fixed number of get-by-id requests and of creates
// (autocannon). It reports the CPU the service process and the PostgreSQL backends serving that
// database spent per request (from /proc: user + system time), not req/s.
//
// Why CPU and not req/s: on two shared cores, a throughput figure says as much about what else runs
// as about the code; the CPU a request costs moves much less with the load (caches shared with other
// work still add a little: compare builds in the same run, alternated). Linux only.
/* global console, fetch, URL */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import postgres from 'postgres';

const { values } = parseArgs({
  options: {
    dirs: { type: 'string', default: '.' },
    requests: { type: 'string', default: '20000' },
    connections: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '3' },
  },
});
const DIRS = values.dirs.split(',').map((d) => resolve(d));
const REQUESTS = Number(values.requests);
const CONNECTIONS = Number(values.connections);
const ROUNDS = Number(values.rounds);
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TICK_US = 1_000_000 / 100; // USER_HZ is 100 on Linux

const freePort = () =>
  new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
  });

/** user + system CPU of a process, in µs (0 when it is gone). */
function cpuOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_US;
  } catch {
    return 0;
  }
}

async function backendPids(admin, database) {
  const rows = await admin`select pid from pg_stat_activity where datname = ${database}`;
  return rows.map((r) => r.pid);
}

async function measure(label, run, servicePid, admin, database) {
  const pidsBefore = await backendPids(admin, database);
  const before = new Map(pidsBefore.map((p) => [p, cpuOf(p)]));
  const serviceBefore = cpuOf(servicePid);
  const result = await run();
  const serviceUs = cpuOf(servicePid) - serviceBefore;
  let databaseUs = 0;
  for (const pid of new Set([...pidsBefore, ...(await backendPids(admin, database))])) databaseUs += cpuOf(pid) - (before.get(pid) ?? 0);
  const ok = result['2xx'];
  if (ok < REQUESTS * 0.99) throw new Error(`${label}: only ${ok} of ${REQUESTS} requests answered 2xx`);
  return { service: serviceUs / ok, database: databaseUs / ok, total: (serviceUs + databaseUs) / ok };
}

async function oneRun(dir, round) {
  const database = `tb_cpu_${process.pid}_${round}_${DIRS.indexOf(dir)}`;
  const admin = postgres(SERVER_URL, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database ${database}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${database}`;
  const [port, mcpPort] = [await freePort(), await freePort()];
  const credentials = { email: 'cpu@example.com', password: 'cpu-bench-password-1' };
  const child = spawn(process.execPath, ['dist/main.js', 'serve'], {
    cwd: dir,
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      HOST: '127.0.0.1',
      PORT: String(port),
      MCP_SERVER_PORT: String(mcpPort),
      ADMIN_EMAIL: credentials.email,
      ADMIN_PASSWORD: credentials.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}/api`;
  try {
    for (let i = 0; ; i++) {
      if (i > 600) throw new Error('the service did not become healthy');
      if (
        await fetch(`${base}/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await sleep(100);
    }
    const call = async (method, path, body, headers = {}) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      const json = await res.json();
      if (!json.success) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
      return json.data;
    };
    const { token } = await call('POST', '/auth/login', credentials);
    const auth = { authorization: `Bearer ${token}` };
    const tenant = await call('POST', '/auth/tenants', { name: 'CPU Shop' }, auth);
    const headers = { ...auth, 'x-tenant-id': tenant.id, 'content-type': 'application/json' };
    await call(
      'POST',
      '/entities',
      {
        definition: {
          entity: { name: 'orders' },
          fields: [
            { name: 'Title', fieldKey: 'title', fieldType: 'text', isRequired: true },
            { name: 'Amount', fieldKey: 'amount', fieldType: 'number' },
          ],
        },
        auto_publish: true,
        version_message: 'benchmark',
      },
      headers,
    );
    const record = await call('POST', '/entities/orders/records', { title: 'first', amount: 1 }, headers);
    const cannon = (opts) => autocannon({ connections: CONNECTIONS, amount: REQUESTS, headers, ...opts });
    // Warm-up: caches, prepared statements, JIT.
    await cannon({ url: `${base}/entities/orders/records/${record.id}`, amount: 2000 });
    const get = await measure(
      'get by id',
      () => cannon({ url: `${base}/entities/orders/records/${record.id}` }),
      child.pid,
      admin,
      database,
    );
    const create = await measure(
      'create',
      () => cannon({ url: `${base}/entities/orders/records`, method: 'POST', body: JSON.stringify({ title: 'bench', amount: 2 }) }),
      child.pid,
      admin,
      database,
    );
    return { get, create };
  } finally {
    child.kill('SIGTERM');
    await new Promise((ok) => child.once('exit', ok));
    await admin.unsafe(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = new Map(DIRS.map((d) => [d, []]));
const loads = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const dir of DIRS) {
    loads.push(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
    const r = await oneRun(dir, round);
    results.get(dir).push(r);
    console.error(`round ${round + 1} ${dir}: get ${r.get.total.toFixed(0)} µs, create ${r.create.total.toFixed(0)} µs`);
  }
}
console.log(`CPU per request (µs, median of ${ROUNDS} rounds; ${REQUESTS} requests, ${CONNECTIONS} connections; load ${loads.join(' ')})`);
console.log('| build | get by id: service | database | total | create: service | database | total |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const [dir, rs] of results) {
  const m = (w, k) => median(rs.map((r) => r[w][k])).toFixed(0);
  console.log(
    `| ${dir} | ${m('get', 'service')} | ${m('get', 'database')} | ${m('get', 'total')} | ${m('create', 'service')} | ${m('create', 'database')} | ${m('create', 'total')} |`,
  );
}
