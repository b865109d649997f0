import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_TOKEN_PATH } from '../../src/transports/http/oauth-token.js';
import { createEntity } from '../entities/helpers.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { adminApiKey } from '../mcp/helpers.js';
import { createFuzzer } from './fuzz-requests.js';

/** CI size; `npm run fuzz` runs FUZZ_REQUESTS=50000 (and FUZZ_SEED for a replay). */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 5000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

/**
 * Seeded fuzzing of every documented route (docs/security.md "Fuzzing"): no answer is a 5xx, every
 * error is the envelope, the process keeps answering, and Object.prototype is never touched.
 */
describe('fuzzing every route of /api/openapi.json', () => {
  let t: TestApp;
  let known: { entity: string; recordId: string; tenantSlug: string };
  const credentials: Array<Record<string, string>> = [];

  beforeAll(async () => {
    t = await createTestApp();
    const tenant = await t.createTenant('Fuzz Co');
    await createEntity(t, { apiKey: tenant.apiKey }, 'items', { publish: true });
    const record = await t.post('/api/entities/items/records', { title: 'seed' }, { apiKey: tenant.apiKey });
    known = { entity: 'items', recordId: record.body.data.id, tenantSlug: tenant.slug };
    credentials.push({ 'x-api-key': tenant.apiKey }, { 'x-api-key': await adminApiKey(t), 'x-tenant-id': tenant.slug }, {});
  });
  afterAll(async () => {
    await t.close();
  });

  it(`${REQUESTS} requests (seed ${SEED}): no 5xx, the envelope everywhere, prototypes untouched`, async () => {
    const doc = (await t.get('/api/openapi.json')).body;
    const next = createFuzzer(doc, SEED, known);
    const protoKeys = Object.getOwnPropertyNames(Object.prototype).sort();
    const problems: string[] = [];
    for (let i = 0; i < REQUESTS && problems.length < 5; i++) {
      const req = next(credentials[i % 10 < 7 ? 0 : i % 10 < 9 ? 1 : 2]!);
      const res = await t.app.inject({
        method: req.method as 'GET',
        url: req.url,
        headers: req.headers,
        ...(req.payload === undefined ? {} : { payload: req.payload }),
      });
      let body: any;
      try {
        body = res.json();
      } catch {
        body = undefined;
      }
      // Successes are the envelope too, except the OpenAPI document itself; the OAuth token
      // endpoint answers RFC 6749's shapes instead (docs/bots.md).
      const envelope = req.url.startsWith(OAUTH_TOKEN_PATH)
        ? typeof (res.statusCode < 400 ? body?.access_token : body?.error) === 'string'
        : res.statusCode < 400
          ? body?.success === true || req.url.startsWith('/api/openapi.json')
          : body?.success === false && typeof body.error?.code === 'string' && typeof body.error?.message === 'string';
      if (res.statusCode >= 500 || !envelope)
        problems.push(`#${i} ${req.method} ${req.url.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
    expect(problems, `replay with FUZZ_SEED=${SEED}`).toEqual([]);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoKeys);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await t.get('/api/health')).status).toBe(200);
  }, 600_000);
});
