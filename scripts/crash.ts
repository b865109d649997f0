import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import postgres from 'postgres';

/**
 * The kill -9 write storm (docs/security.md "Crashes"): `npm run crash [-- --database=both
 * --kills=20 --workers=12]`. Not run in CI.
 *
 * Starts the compiled service (`node dist/main.js serve`) on an embedded database in a fresh
 * DATA_DIR and/or on a scratch database of DATABASE_URL's local PostgreSQL server, then, `kills`
 * times: runs concurrent creates, updates and deletes of records, recording every acknowledged
 * (2xx) write; kills the service with SIGKILL at a random moment; restarts it; and checks that no
 * acknowledged write was lost — created records present, updated records holding their last
 * acknowledged value, deleted records absent — and that the restarted service is healthy (it
 * answers /api/health and takes a new write). A write whose answer never came may have happened or
 * not: both outcomes are accepted, and the one found becomes the record's known state.
 *
 * `--pg-immediate-stop` (PostgreSQL only, explicit because it stops a whole server: use a scratch
 * cluster, `--pg-cluster=15/main` names it) replaces the kill by `pg_ctlcluster <cluster> stop -m
 * immediate` and a start, with the service left running: it must reconnect by itself.
 * Prints a summary; the exit status is non-zero on any loss or unhealthy restart.
 */
const { values } = parseArgs({
  options: {
    database: { type: 'string', default: 'both' },
    kills: { type: 'string', default: '20' },
    workers: { type: 'string', default: '12' },
    'min-ms': { type: 'string', default: '300' },
    'max-ms': { type: 'string', default: '3000' },
    'pg-immediate-stop': { type: 'boolean', default: false },
    'pg-cluster': { type: 'string', default: '15/main' },
  },
});
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const KILLS = Number(values.kills);
const WORKERS = Number(values.workers);
const MIN_MS = Number(values['min-ms']);
const MAX_MS = Number(values['max-ms']);
const PORT = 3951;
const BASE = `http://127.0.0.1:${PORT}/api`;
const ADMIN = { email: 'crash@example.com', password: 'crash-password-1' };
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const execFileAsync = promisify(execFile);
/** Everything the service wrote to stderr, every start appended. */
const SERVICE_LOG = join(os.tmpdir(), `tb-crash-service-${process.pid}.log`);
const log = (s: string) => process.stderr.write(`${s}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A record's acceptable states: its label, or null for absent. One state once known, two while a write is in doubt. */
interface Tracked {
  id: string;
  acceptable: Array<string | null>;
}

interface Round {
  round: number;
  acked: { create: number; update: number; delete: number };
  inDoubt: number;
  lost: string[];
  restartMs: number;
  healthy: boolean;
  note?: string;
}

class Service {
  child: ChildProcess | undefined;
  stderr = '';
  constructor(private readonly env: Record<string, string>) {}

  async start(): Promise<number> {
    const started = Date.now();
    this.stderr = '';
    this.child = spawn(process.execPath, ['dist/main.js', 'serve'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        LOG_LEVEL: 'warn',
        JWT_SECRET: 'crash-secret-crash-secret-crash-secret-0',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        MCP_SERVER_PORT: String(PORT + 1),
        ...this.env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
      appendFileSync(SERVICE_LOG, chunk);
    });
    const child = this.child;
    if (!(await healthy(60_000, () => child.exitCode !== null || child.signalCode !== null)))
      throw new Error(`the service did not start:\n${this.stderr}`);
    return Date.now() - started;
  }

  exited(): boolean {
    return this.child === undefined || this.child.exitCode !== null || this.child.signalCode !== null;
  }

  async kill(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  }
}

async function healthy(withinMs: number, gaveUp = () => false): Promise<boolean> {
  const until = Date.now() + withinMs;
  while (Date.now() < until && !gaveUp()) {
    try {
      const res = await fetch(`${BASE}/health`);
      if (res.ok) return true;
    } catch {
      /* not up yet */
    }
    await sleep(100);
  }
  return false;
}

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json().catch(() => undefined)) as Answer;
  return { status: res.status, json };
}

/** The answers this script reads, field by field (each call reads the fields its route answers). */
interface Answer {
  data: {
    token: string;
    slug: string;
    key: string;
    id: string;
    totalPages: number;
    data: Array<{ id: string; data: { label: string } }>;
  };
}

/** A tenant, its API key and the `items` entity the storm writes. */
async function arrange(): Promise<Record<string, string>> {
  const login = await call('POST', '/auth/login', {}, ADMIN);
  const admin = { authorization: `Bearer ${login.json.data.token}` };
  const tenant = await call('POST', '/auth/tenants', admin, { name: 'Crash Co' });
  const selected = await call('POST', `/auth/tenants/${tenant.json.data.slug}/select`, admin, {});
  const key = await call('POST', '/auth/api-keys', { authorization: `Bearer ${selected.json.data.token}` }, { name: 'storm' });
  const auth = { 'x-api-key': key.json.data.key };
  const entity = await call('POST', '/entities', auth, {
    definition: {
      entity: { name: 'items' },
      fields: [
        { name: 'Label', fieldKey: 'label', fieldType: 'text' },
        { name: 'N', fieldKey: 'n', fieldType: 'number' },
      ],
    },
    auto_publish: true,
    version_message: 'storm',
  });
  if (entity.status !== 201) throw new Error(`entity creation failed: ${JSON.stringify(entity.json)}`);
  return auth;
}

/** The service creates a record and deletes it again. */
async function takesWrites(auth: Record<string, string>): Promise<boolean> {
  try {
    const created = await call('POST', '/entities/items/records', auth, { label: 'after restart', n: 0 });
    return created.status === 201 && (await call('DELETE', `/entities/items/records/${created.json.data.id}`, auth)).status === 200;
  } catch {
    return false;
  }
}

/** Every record of `items` as the service answers it: id → label. */
async function observed(auth: Record<string, string>): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let page = 1; ; page++) {
    const res = await call('GET', `/entities/items/records?limit=100&page=${page}&sort=createdAt&order=asc`, auth);
    if (res.status !== 200) throw new Error(`listing failed: ${res.status} ${JSON.stringify(res.json)}`);
    for (const r of res.json.data.data) found.set(r.id, r.data.label);
    if (page >= res.json.data.totalPages) return found;
  }
}

/** One worker of the storm: writes its own records until told to stop (so no two writes race on one record). */
async function worker(
  w: number,
  auth: Record<string, string>,
  ledger: Map<string, Tracked>,
  stopped: () => boolean,
  counts: Round['acked'],
  doubt: { n: number },
) {
  const mine = owned.get(w) ?? [];
  owned.set(w, mine);
  let seq = 0;
  while (!stopped()) {
    const r = Math.random();
    const pool = mine.filter(isKnownPresent);
    try {
      if (r < 0.5 || pool.length === 0) {
        const label = `w${w}-${Date.now()}-${seq++}`;
        const res = await call('POST', '/entities/items/records', auth, { label, n: seq });
        if (res.status === 201) {
          const tracked: Tracked = { id: res.json.data.id, acceptable: [label] };
          ledger.set(tracked.id, tracked);
          mine.push(tracked);
          counts.create++;
        }
        // Not acknowledged: the record may exist, but nothing was promised.
      } else if (r < 0.8) {
        const t = pool[Math.floor(Math.random() * pool.length)]!;
        const label = `w${w}-${Date.now()}-${seq++}`;
        const before = t.acceptable[0]!;
        t.acceptable = [before, label];
        const res = await call('PATCH', `/entities/items/records/${t.id}`, auth, { label });
        if (res.status === 200) {
          t.acceptable = [label];
          counts.update++;
        } else if (res.status === 404 || res.status === 400) t.acceptable = [before];
        else doubt.n++;
      } else {
        const t = pool[Math.floor(Math.random() * pool.length)]!;
        const before = t.acceptable[0]!;
        t.acceptable = [before, null];
        const res = await call('DELETE', `/entities/items/records/${t.id}`, auth);
        if (res.status === 200) {
          t.acceptable = [null];
          counts.delete++;
        } else if (res.status === 404) t.acceptable = [before];
        else doubt.n++;
      }
    } catch {
      // The connection broke (the kill): an update or delete in flight stays in doubt (both states accepted).
      doubt.n++;
      if (!stopped()) await sleep(20);
    }
  }
}

/** Each worker's records: only its owner writes a record, so no two writes race on one. */
const owned = new Map<number, Tracked[]>();
const isKnownPresent = (t: Tracked) => t.acceptable.length === 1 && t.acceptable[0] !== null;

async function storm(mode: 'pglite' | 'postgres'): Promise<Round[]> {
  const env: Record<string, string> = {};
  let cleanup = async () => undefined as void;
  if (mode === 'pglite') {
    const dir = mkdtempSync(join(os.tmpdir(), 'tb-crash-'));
    env.DATA_DIR = dir;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const url = new URL(serverUrl);
    if (!['127.0.0.1', 'localhost'].includes(url.hostname)) throw new Error('crash only targets a local PostgreSQL server (127.0.0.1)');
    const name = `tb_crash_${process.pid}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    cleanup = async () => {
      const again = postgres(serverUrl, { max: 1, onnotice: () => undefined });
      await again.unsafe(`drop database if exists ${name} with (force)`);
      await again.end();
    };
  }
  const service = new Service(env);
  const rounds: Round[] = [];
  owned.clear();
  try {
    await service.start();
    const auth = await arrange();
    const ledger = new Map<string, Tracked>();
    for (let round = 1; round <= KILLS; round++) {
      const acked = { create: 0, update: 0, delete: 0 };
      const doubt = { n: 0 };
      let stop = false;
      const workers = Array.from({ length: WORKERS }, (_, w) => worker(w, auth, ledger, () => stop, acked, doubt));
      await sleep(MIN_MS + Math.random() * (MAX_MS - MIN_MS));
      let restartMs = 0;
      let note: string | undefined;
      if (values['pg-immediate-stop']) {
        const [version, cluster] = values['pg-cluster']!.split('/');
        // Asynchronously, so the writers keep writing while the server goes down.
        await execFileAsync('pg_ctlcluster', [version!, cluster!, 'stop', '-m', 'immediate']);
        stop = true;
        await Promise.all(workers);
        const started = Date.now();
        execFileSync('pg_ctlcluster', [version!, cluster!, 'start']);
        // The service was left running: it must reconnect by itself.
        if (service.exited()) {
          note = `the service exited when the database stopped: ${`see ${SERVICE_LOG}`}`;
          await service.start();
        } else if (!(await healthy(60_000))) note = 'the service did not recover from the database restart';
        restartMs = Date.now() - started;
      } else {
        await service.kill('SIGKILL');
        stop = true;
        await Promise.all(workers);
        restartMs = await service.start();
      }
      // Verify every tracked record against what the restarted service answers.
      let found: Map<string, string>;
      try {
        found = await observed(auth);
      } catch (error) {
        // The service may exit after it first answered again (seen after an immediate database stop).
        if (!service.exited()) throw error;
        note = `${note ? `${note}; ` : ''}the service exited after recovering: see ${SERVICE_LOG}`;
        await service.start();
        found = await observed(auth);
      }
      const lost: string[] = [];
      for (const t of ledger.values()) {
        const now = found.get(t.id) ?? null;
        if (!t.acceptable.includes(now)) lost.push(`${t.id}: expected ${JSON.stringify(t.acceptable)}, found ${JSON.stringify(now)}`);
        t.acceptable = [now];
      }
      // Healthy: it answers and takes a new write.
      const healthyAgain = await takesWrites(auth);
      const result: Round = { round, acked, inDoubt: doubt.n, lost, restartMs, healthy: healthyAgain, ...(note ? { note } : {}) };
      rounds.push(result);
      log(
        `${mode} #${round}: acked ${acked.create} creates, ${acked.update} updates, ${acked.delete} deletes; ${doubt.n} in doubt; ` +
          `lost ${lost.length}; ${values['pg-immediate-stop'] ? 'recovered' : 'restarted'} in ${restartMs} ms; ${healthyAgain ? 'healthy' : 'NOT HEALTHY'}${note ? ` (${note})` : ''}`,
      );
      for (const l of lost.slice(0, 5)) log(`  lost ${l}`);
    }
  } finally {
    await service.kill('SIGTERM');
    await cleanup();
  }
  return rounds;
}

async function main(): Promise<number> {
  const modes = values.database === 'both' ? (['pglite', 'postgres'] as const) : [values.database as 'pglite' | 'postgres'];
  if (values['pg-immediate-stop'] && modes.includes('pglite')) throw new Error('--pg-immediate-stop needs --database=postgres');
  execFileSync(process.execPath, ['scripts/build.mjs', '--server'], { cwd: ROOT, stdio: 'inherit' });
  writeFileSync(SERVICE_LOG, '');
  log(`the service's stderr goes to ${SERVICE_LOG}`);
  const load = os.loadavg()[0]!.toFixed(2);
  const summary: string[] = [];
  let failed = false;
  for (const mode of modes) {
    const started = Date.now();
    const rounds = await storm(mode);
    const sum = (f: (r: Round) => number) => rounds.reduce((n, r) => n + f(r), 0);
    const lost = sum((r) => r.lost.length);
    const unhealthy = rounds.filter((r) => !r.healthy || r.note).length;
    const restarts = rounds.map((r) => r.restartMs).sort((a, b) => a - b);
    failed ||= lost > 0 || unhealthy > 0;
    summary.push(
      `${mode}${values['pg-immediate-stop'] ? ' (immediate PostgreSQL stop)' : ''}: ${rounds.length} ${values['pg-immediate-stop'] ? 'stops' : 'kill -9s'}, ` +
        `acknowledged ${sum((r) => r.acked.create)} creates / ${sum((r) => r.acked.update)} updates / ${sum((r) => r.acked.delete)} deletes, ` +
        `${sum((r) => r.inDoubt)} in doubt; LOST ${lost}; unhealthy restarts ${unhealthy}; ` +
        `restart median ${restarts[Math.floor(restarts.length / 2)] ?? 0} ms, max ${restarts.at(-1) ?? 0} ms; ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  log(`\nSummary (load average ${load} at the start, ${os.loadavg()[0]!.toFixed(2)} at the end):`);
  for (const line of summary) log(`  ${line}`);
  return failed ? 1 : 0;
}

process.exitCode = await main();
