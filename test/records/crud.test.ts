import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../src/db/with-tenant.js';
import { createRecordsFixture, type RecordsFixture } from './fixture.js';

describe('record CRUD over REST', () => {
  let f: RecordsFixture;
  beforeAll(async () => {
    f = await createRecordsFixture();
  });
  afterAll(async () => {
    await f.t.close();
  });

  it('creates (201) with the record shape and the display field as name', async () => {
    const res = await f.t.post(f.base('customers'), { full_name: 'Ada Lovelace', score: '42.5', tier: 'gold' }, f.as);
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    const r = res.body.data;
    expect(Object.keys(r).sort()).toEqual(['createdAt', 'data', 'entityId', 'id', 'name', 'updatedAt']);
    expect(r.name).toBe('Ada Lovelace');
    expect(r.data).toEqual({ full_name: 'Ada Lovelace', score: 42.5, tier: 'gold' });
    expect(new Date(r.createdAt).toISOString()).toBe(r.createdAt);

    const got = await f.t.get(`${f.base('customers')}/${r.id}`, f.as);
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(r);
  });

  it('names a record by its first text field when no displayField is set', async () => {
    const res = await f.t.post(f.base('orders'), { code: 'A-1' }, f.as);
    expect(res.status).toBe(201);
    expect(res.body.data.name).toBe('A-1');
  });

  it('updates partially with PUT and PATCH; null clears a field', async () => {
    const created = (await f.t.post(f.base('customers'), { full_name: 'Grace', score: 1, visits: 3 }, f.as)).body.data;
    const put = await f.t.put(`${f.base('customers')}/${created.id}`, { score: 2 }, f.as);
    expect(put.status).toBe(200);
    expect(put.body.data.data).toEqual({ full_name: 'Grace', score: 2, visits: 3 });
    expect(new Date(put.body.data.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(created.updatedAt).getTime());
    const patch = await f.t.patch(`${f.base('customers')}/${created.id}`, { visits: null, full_name: 'Grace Hopper' }, f.as);
    expect(patch.status).toBe(200);
    expect(patch.body.data.data).toEqual({ full_name: 'Grace Hopper', score: 2 });
    expect(patch.body.data.name).toBe('Grace Hopper');
  });

  it('deletes with the envelope; the id then answers 404', async () => {
    const created = (await f.t.post(f.base('customers'), { full_name: 'Temp' }, f.as)).body.data;
    const del = await f.t.delete(`${f.base('customers')}/${created.id}`, f.as);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ success: true, data: { id: created.id, deleted: true } });
    expect((await f.t.get(`${f.base('customers')}/${created.id}`, f.as)).status).toBe(404);
    expect((await f.t.delete(`${f.base('customers')}/${created.id}`, f.as)).status).toBe(404);
  });

  it('answers 404 for unknown records, unknown entities (pointing at list_entities) and drafts', async () => {
    const missing = await f.t.get(`${f.base('customers')}/00000000-0000-4000-8000-000000000000`, f.as);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');

    const unknown = await f.t.get(f.base('nope'), f.as);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toContain('GET /api/entities');

    await withTenant(f.t.db, f.tenant.id, { readOnly: false }, async (tx) => {
      const [e] = await tx.query<{ id: string }>('insert into entities (tenant_id, name) values ($1, $2) returning id', [
        f.tenant.id,
        'drafty',
      ]);
      await tx.query(
        `insert into entity_versions (tenant_id, entity_id, version, status, definition)
         values ($1, $2, 1, 'draft', '{"displayName":"d","description":"","icon":"box","config":{},"fields":[]}')`,
        [f.tenant.id, e!.id],
      );
    });
    for (const res of [await f.t.get(f.base('drafty'), f.as), await f.t.post(f.base('drafty'), {}, f.as)]) {
      expect(res.status).toBe(404);
      expect(res.body.error.message).toMatch(/draft; publish it first/);
    }
  });

  it('refuses a missing credential with 401 and a malformed id with 400', async () => {
    expect((await f.t.get(f.base('customers'))).status).toBe(401);
    const bad = await f.t.get(`${f.base('customers')}/not-a-uuid`, f.as);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
    const badPut = await f.t.put(`${f.base('customers')}/not-a-uuid`, { score: 1 }, f.as);
    expect(badPut.status).toBe(400);
  });
});
