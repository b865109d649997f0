import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

describe('error envelope for malformed requests', () => {
  let t: TestApp;
  let admin: string;
  const count = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from tenants'))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp({ BODY_LIMIT: '2048' });
    admin = await t.adminToken();
  });
  afterAll(async () => {
    await t.close();
  });

  const expectEnvelope = (res: { status: number; body: any; headers: Record<string, unknown> }, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect(String(res.headers['content-type'])).toMatch(/application\/json/);
    expect(res.body).toEqual({ success: false, error: expect.objectContaining({ code, message: expect.any(String) }) });
    expect(JSON.stringify(res.body)).not.toMatch(/\bat .*\.ts:\d+|stack|select |insert /i);
  };

  it('a path that is not valid percent-encoded UTF-8 → 400 in the envelope (not the framework format)', async () => {
    for (const path of ['/api/entities/%E0%A4%A/records', '/api/entities/%ZZ/records', '/api/health/%C0']) {
      const res = await t.get(path, { token: admin });
      expectEnvelope(res, 400, 'VALIDATION_ERROR');
      expect(JSON.stringify(res.body)).not.toContain('FST_');
    }
  });

  it('malformed JSON → 400, nothing written', async () => {
    const before = await count();
    const res = await t.post('/api/auth/tenants', '{"name": "x",', { token: admin });
    expectEnvelope(res, 400, 'VALIDATION_ERROR');
    expect(await count()).toBe(before);
  });

  it('prototype keys → 400, nothing written', async () => {
    const before = await count();
    const res = await t.post('/api/auth/tenants', '{"name":"x","__proto__":{"admin":true}}', { token: admin });
    expectEnvelope(res, 400, 'VALIDATION_ERROR');
    const ctor = await t.post('/api/auth/tenants', '{"name":"x","constructor":{"prototype":{"a":1}}}', { token: admin });
    expectEnvelope(ctor, 400, 'VALIDATION_ERROR');
    expect(await count()).toBe(before);
  });

  it('a JSON body that is not an object → 400', async () => {
    const before = await count();
    expectEnvelope(await t.post('/api/auth/tenants', '[1,2]', { token: admin }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await t.post('/api/auth/tenants', '"name"', { token: admin }), 400, 'VALIDATION_ERROR');
    expect(await count()).toBe(before);
  });

  it('a body that is not JSON → 400', async () => {
    const res = await t.post('/api/auth/tenants', 'name=x', {
      token: admin,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectEnvelope(res, 400, 'VALIDATION_ERROR');
  });

  it('an oversized body → 413, nothing written', async () => {
    const before = await count();
    const res = await t.post('/api/auth/tenants', { name: 'big', description: 'x'.repeat(4096) }, { token: admin });
    expectEnvelope(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(await count()).toBe(before);
  });

  it('unknown routes → 404 JSON, never HTML', async () => {
    expectEnvelope(await t.get('/api/does-not-exist'), 404, 'NOT_FOUND');
    expectEnvelope(await t.post('/api/auth/tenants/x/unknown', {}), 404, 'NOT_FOUND');
    expectEnvelope(await t.get('/auth/tenant/login'), 404, 'NOT_FOUND');
  });

  it('an empty JSON body on a route without input is accepted', async () => {
    const res = await t.request('POST', '/api/auth/logout', '', { headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(200);
  });

  it('answers CORS preflight for header credentials', async () => {
    const res = await t.request('OPTIONS', '/api/auth/tenants', undefined, {
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,x-tenant-id,content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('x-tenant-id');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('unexpected failures', () => {
  it('answer 500 INTERNAL_ERROR without leaking details', async () => {
    // A database that is gone answers 503 (test/hardening/database-closed.test.ts); a table that
    // is gone is unexpected.
    const t = await createTestApp();
    const token = await t.adminToken();
    await t.db.exec('alter table tenants rename to tenants_gone');
    const res = await t.get('/api/auth/tenants', { token });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, error: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred' } });
    await t.close();
  });
});

describe('CORS with an origin list', () => {
  it('allows only the listed origins', async () => {
    const t = await createTestApp({ CORS_ORIGINS: 'https://good.example' });
    try {
      const preflight = (origin: string) =>
        t.request('OPTIONS', '/api/health', undefined, { headers: { origin, 'access-control-request-method': 'GET' } });
      expect((await preflight('https://good.example')).headers['access-control-allow-origin']).toBe('https://good.example');
      expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
