import type { Database } from '../../src/db/database.js';
import { openPostgres } from '../../src/db/postgres.js';
import { prepareRuntime, type Runtime } from '../../src/start.js';
import type { ApiResponse, CallOptions, TestApp } from '../helpers/app.js';
import { createRouterTap } from '../helpers/distribution/tap.js';

/** Another instance of the service on the same PostgreSQL database as `t`: its own pools, listener and caches. */
export interface Instance {
  runtime: Runtime;
  request<T = any>(method: string, path: string, body?: unknown, options?: CallOptions): Promise<ApiResponse<T>>;
  /** Resolves when this instance's bus hears `key` (a change announced by another instance). */
  hears(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Resolves when `db`'s bus dispatches `key` (or a clear-everything `null`). */
export function hears(db: Database, key: string): Promise<void> {
  return new Promise<void>((resolve) => {
    const stop = db.invalidations.subscribe((k) => {
      if (k === key || k === null) {
        stop();
        resolve();
      }
    });
  });
}

export async function startInstance(t: TestApp): Promise<Instance> {
  if (!t.dbUrl) throw new Error('another instance needs a PostgreSQL test database');
  const db: Database = await openPostgres(t.dbUrl, { max: 4, observer: await createRouterTap() });
  const runtime = await prepareRuntime(t.config, () => undefined, { db, clock: t.clock });
  return {
    runtime,
    async request(method, path, body, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.apiKey) headers['x-api-key'] = options.apiKey;
      if (options.tenant) headers['x-tenant-id'] = options.tenant;
      if (body !== undefined) headers['content-type'] ??= 'application/json';
      const res = await runtime.app.inject({
        method: method as 'GET',
        url: path,
        headers,
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      return { status: res.statusCode, body: res.json(), headers: res.headers };
    },
    hears: (key) => hears(db, key),
    close: () => runtime.close(),
  };
}
