import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import { manualClock } from '../../src/domain/auth/clock.js';
import type { Logger } from '../../src/logging.js';
import type { HookContributions, Services } from '../../src/services.js';
import { prepareRuntime } from '../../src/start.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export const ADMIN_EMAIL = 'admin@test.local';
export const ADMIN_PASSWORD = 'admin-password-1';

export interface CallOptions {
  /** Sent as Authorization: Bearer. */
  token?: string | undefined;
  /** Sent as X-API-Key. */
  apiKey?: string | undefined;
  tenant?: string | undefined;
  headers?: Record<string, string>;
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: LightMyRequestResponse['headers'];
}

/** A running service on a fresh database, driven through HTTP `inject()`. */
export interface TestApp {
  app: FastifyInstance;
  db: Database;
  /** The server URL of the test database (postgres only). */
  dbUrl: string | undefined;
  config: Config;
  services: Services;
  clock: ReturnType<typeof manualClock>;
  request<T = any>(method: string, path: string, body?: unknown, options?: CallOptions): Promise<ApiResponse<T>>;
  get<T = any>(path: string, options?: CallOptions): Promise<ApiResponse<T>>;
  post<T = any>(path: string, body?: unknown, options?: CallOptions): Promise<ApiResponse<T>>;
  put<T = any>(path: string, body?: unknown, options?: CallOptions): Promise<ApiResponse<T>>;
  patch<T = any>(path: string, body?: unknown, options?: CallOptions): Promise<ApiResponse<T>>;
  delete<T = any>(path: string, options?: CallOptions): Promise<ApiResponse<T>>;
  /** A fresh admin token (no tenant selected). */
  adminToken(): Promise<string>;
  /** Creates a tenant and answers it with an admin token selecting it and a tenant API key. */
  createTenant(name: string): Promise<{ id: string; slug: string; token: string; apiKey: string }>;
  close(): Promise<void>;
}

/**
 * `hooks` adds extension points for this app only (e.g. save hooks a test controls); `logger` is
 * where the app logs (a test reading its lines passes `captureLogs().logger`). `database` starts
 * the app on an existing test database, which `close()` then leaves to its owner (a restart).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { hooks?: HookContributions; logger?: Logger; database?: TestDatabase } = {},
): Promise<TestApp> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    // Every answer of every test is checked against its operation's output schema.
    CHECK_OUTPUTS: 'true',
    ...env,
  });
  const database =
    options.database ??
    (await createTestDatabase({ tenantContext: config.databaseTenantContext, callTimeoutMs: config.databaseCallTimeoutMs }));
  const clock = manualClock(new Date());
  const runtime = await prepareRuntime(config, () => undefined, {
    db: database.db,
    clock,
    ...(options.hooks ? { hooks: options.hooks } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const { app } = runtime;

  const request = async (method: string, path: string, body?: unknown, options: CallOptions = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.apiKey) headers['x-api-key'] = options.apiKey;
    if (options.tenant) headers['x-tenant-id'] = options.tenant;
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await app.inject({
      method: method as 'GET',
      url: path,
      headers,
      ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    let parsed: unknown;
    try {
      parsed = res.json();
    } catch {
      parsed = res.body;
    }
    return { status: res.statusCode, body: parsed as any, headers: res.headers };
  };

  const adminToken = async () => {
    const res = await request('POST', '/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    if (res.status !== 200) throw new Error(`admin login failed: ${JSON.stringify(res.body)}`);
    return res.body.data.token as string;
  };

  return {
    app,
    db: database.db,
    dbUrl: database.url,
    config,
    services: runtime.services,
    clock,
    request,
    get: (path, options) => request('GET', path, undefined, options),
    post: (path, body, options) => request('POST', path, body ?? {}, options),
    put: (path, body, options) => request('PUT', path, body ?? {}, options),
    patch: (path, body, options) => request('PATCH', path, body ?? {}, options),
    delete: (path, options) => request('DELETE', path, undefined, options),
    adminToken,
    async createTenant(name) {
      const admin = await adminToken();
      const created = await request('POST', '/api/auth/tenants', { name }, { token: admin });
      if (created.status !== 201) throw new Error(`tenant creation failed: ${JSON.stringify(created.body)}`);
      const { id, slug } = created.body.data as { id: string; slug: string };
      const selected = await request('POST', `/api/auth/tenants/${slug}/select`, {}, { token: admin });
      const token = selected.body.data.token as string;
      const key = await request('POST', '/api/auth/api-keys', { name: `${slug} key` }, { token });
      if (key.status !== 201) throw new Error(`api key creation failed: ${JSON.stringify(key.body)}`);
      return { id, slug, token, apiKey: key.body.data.key as string };
    },
    async close() {
      await app.close();
      await runtime.services.indexBuilder.stop();
      if (!options.database) await database.drop();
    },
  };
}
