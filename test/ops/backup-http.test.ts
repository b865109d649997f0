import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { probe } from '../helpers/distribution/exceptions.js';
import { fillTenant } from './backup-fixture.js';

/** GET /api/backups/{tenant} and POST /api/backups: the same archive over HTTP, administrators only. */
describe('backups over HTTP', () => {
  let source: TestApp;
  let target: TestApp;
  let tenant: { id: string; slug: string; apiKey: string };
  let admin: string;
  let archive: Buffer;
  beforeAll(async () => {
    source = await createTestApp();
    target = await createTestApp();
    tenant = await fillTenant(source, 'Over Http');
    admin = await source.adminToken();
  });
  afterAll(async () => {
    await source.close();
    await target.close();
  });

  const rows = (bytes: Buffer) =>
    gunzipSync(bytes)
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .filter((l) => 'table' in l);
  const restore = (t: TestApp, token: string, payload: Buffer | string, headers: Record<string, string> = {}, query = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/backups${query}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/gzip', ...headers },
      payload,
    });
  const tenantCount = async (t: TestApp) => (await t.db.query<{ n: number }>('select count(*)::int as n from tenants'))[0]!.n;
  const recordCount = (t: TestApp) => probe(async () => (await t.db.query<{ n: number }>('select count(*)::int as n from records'))[0]!.n);

  it('streams the archive to an administrator', async () => {
    const res = await source.app.inject({
      method: 'GET',
      url: `/api/backups/${tenant.slug}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="over-http-.*\.tbbackup\.gz"$/);
    archive = res.rawPayload;
    expect(rows(archive)).toHaveLength(27);
  });

  it('restores it into another service, with progress lines when asked', async () => {
    const token = await target.adminToken();
    const res = await restore(target, token, archive, { accept: 'application/x-ndjson' });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(lines.filter((l) => l.progress).map((l) => l.progress)).toContainEqual({ table: 'records', done: 12, total: 12 });
    expect(lines.at(-1)).toMatchObject({ success: true, data: { tenant: { id: tenant.id, slug: 'over-http' }, keptId: true } });
    const back = await target.app.inject({ method: 'GET', url: '/api/backups/over-http', headers: { authorization: `Bearer ${token}` } });
    expect(rows(back.rawPayload)).toEqual(rows(archive));
  });

  it('answers 201 with the result without progress, and a new id beside the original', async () => {
    const res = await restore(source, admin, archive, {}, '?slug=over-http-2');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, data: { tenant: { slug: 'over-http-2', name: 'Over Http' }, keptId: false } });
  });

  it.each([
    ['no credential', () => ({}), 401, 'UNAUTHORIZED'],
    ['a tenant API key', () => ({ 'x-api-key': tenant.apiKey }), 403, 'FORBIDDEN'],
  ])('refuses %s', async (_case, headers, status, code) => {
    const get = await source.app.inject({ method: 'GET', url: `/api/backups/${tenant.slug}`, headers: headers() });
    expect(get.statusCode).toBe(status);
    expect(get.json()).toMatchObject({ success: false, error: { code } });
    const [tenants, records] = [await tenantCount(source), await recordCount(source)];
    const post = await source.app.inject({
      method: 'POST',
      url: '/api/backups?slug=never-made',
      headers: { 'content-type': 'application/gzip', ...headers() },
      payload: archive,
    });
    expect(post.statusCode).toBe(status);
    expect(post.json()).toMatchObject({ success: false, error: { code } });
    expect([await tenantCount(source), await recordCount(source)]).toEqual([tenants, records]);
  });

  it('answers 404 in the envelope for an unknown tenant', async () => {
    const res = await source.app.inject({ method: 'GET', url: '/api/backups/nobody', headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });

  it.each([
    ['a JSON body', '{"not":"an archive"}', { 'content-type': 'application/json' }, 'VALIDATION_ERROR', 400],
    ['bytes that are not gzip', 'garbage', {}, 'VALIDATION_ERROR', 400],
    ['a taken slug', 'ARCHIVE', {}, 'CONFLICT', 409],
    ['a malformed slug', 'ARCHIVE?slug=Bad Slug', {}, 'VALIDATION_ERROR', 400],
  ])('refuses %s and writes nothing', async (_case, payload, headers, code, status) => {
    const [tenants, records] = [await tenantCount(source), await recordCount(source)];
    const [body, query] = payload.startsWith('ARCHIVE') ? [archive, payload.slice('ARCHIVE'.length).replace(' ', '%20')] : [payload, ''];
    const res = await restore(source, admin, body, headers, query);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, error: { code } });
    expect([await tenantCount(source), await recordCount(source)]).toEqual([tenants, records]);
  });
});
