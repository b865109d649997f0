import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { definition } from '../entities/helpers.js';
import { TEST_DATABASE, createTestDatabase } from '../helpers/database.js';
import { freePort, start, waitHealthy } from './processes.js';

interface Answer {
  status: number;
  body: any;
}

/**
 * The compiled service (`tenantbase serve`) while PostgreSQL ends all its sessions again and again
 * — pools, transactions in flight, the LISTEN connection — as a server stop does: the process lives
 * on (postgres.js 3.4.9 used to end it from a timer or an unhandled rejection: docs/operations.md,
 * "When the database goes away"), answers 2xx or 503, and serves again once the sessions are back.
 */
describe.runIf(TEST_DATABASE === 'postgres')('the running service when the database ends its sessions', () => {
  it('survives, answers 503 meanwhile, and serves again', { timeout: 240_000 }, async () => {
    const server = await createTestDatabase();
    await server.db.close();
    const database = new URL(server.url!).pathname.slice(1);
    const port = await freePort();
    const service = start(process.execPath, ['bin/tenantbase.js', 'serve'], {
      PORT: String(port),
      MCP_SERVER_PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATABASE_URL: server.url!,
      ADMIN_EMAIL: 'outage@example.com',
      ADMIN_PASSWORD: 'outage-password-1',
    });
    const killer = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => undefined });
    const base = `http://127.0.0.1:${port}/api`;
    const api = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: await res.json() };
    };
    try {
      await waitHealthy(`${base}/health`, service);
      const admin = (await api('POST', '/auth/login', { email: 'outage@example.com', password: 'outage-password-1' })).body.data.token;
      await api('POST', '/auth/tenants', { name: 'Outage Co' }, { authorization: `Bearer ${admin}` });
      const selected = (await api('POST', '/auth/tenants/outage-co/select', {}, { authorization: `Bearer ${admin}` })).body.data.token;
      const key = (await api('POST', '/auth/api-keys', { name: 'k' }, { authorization: `Bearer ${selected}` })).body.data.key as string;
      const auth = { 'x-api-key': key };
      const entity = { definition: definition('notes'), auto_publish: true, version_message: 'Initial version' };
      expect((await api('POST', '/entities', entity, auth)).status).toBe(201);
      const notes = '/entities/notes/records';

      const answers: Answer[] = [];
      let stop = false;
      const ids: string[] = [];
      for (let w = 0; w < 4; w++) ids.push((await api('POST', notes, { title: `seed ${w}` }, auth)).body.data.id as string);
      const worker = async (w: number) => {
        const id = ids[w]!;
        for (let n = 0; !stop; n++) {
          const answer = await (
            n % 3 === 0
              ? api('POST', notes, { title: `w${w} n${n}` }, auth)
              : n % 3 === 1
                ? api('PUT', `${notes}/${id}`, { title: `w${w} n${n}` }, auth)
                : api('GET', `${notes}?limit=5`, undefined, auth)
          ).catch((error: unknown) => ({ status: 0, body: String(error) }));
          answers.push(answer);
        }
      };
      const workers = ids.map((_, w) => worker(w));
      for (let round = 0; round < 6; round++) {
        const before = answers.length;
        await killer`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${database} and pid <> pg_backend_pid()`;
        while (answers.length < before + 4 && service.child.exitCode === null) await new Promise((r) => setTimeout(r, 20));
      }
      stop = true;
      await Promise.all(workers);

      expect(service.child.exitCode, service.stderr()).toBeNull();
      expect(answers.filter((a) => a.status !== 503 && (a.status < 200 || a.status >= 300))).toEqual([]);
      for (const a of answers.filter((x) => x.status === 503)) expect(a.body.error.code).toBe('SERVICE_UNAVAILABLE');
      await waitHealthy(`${base}/health`, service);
      let created: Answer | undefined;
      for (let attempt = 0; attempt < 50 && created?.status !== 201; attempt++)
        created = await api('POST', notes, { title: 'after' }, auth);
      expect(created?.status).toBe(201);
      expect(service.stderr()).not.toMatch(/TypeError|Unhandled|uncaught/i);
      service.child.kill('SIGTERM');
      expect(await service.exited).toEqual({ code: 0, signal: null });
    } finally {
      if (service.child.exitCode === null) service.child.kill('SIGKILL');
      await killer.end();
      await server.drop();
    }
  });
});
