import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../src/db/with-tenant.js';
import { findPublishedEntity } from '../../src/domain/entities/entity.repository.js';
import type { PublishedEntity } from '../../src/domain/entities/entity.types.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { entryCounts, productsDefinition, suppliersDefinition, wrongEntries } from './indexes.helpers.js';

/**
 * Index keys are kept by the records trigger (migration 024: before each insert and each update of
 * data, into the slots of the record's own row), so every path that writes records keeps them
 * exact — not only the save pipeline (docs/entities.md, "Indexes").
 */
describe('index entries through every write path', () => {
  let t: TestApp;
  let shop: Awaited<ReturnType<TestApp['createTenant']>>;
  let as: { apiKey: string };

  beforeAll(async () => {
    t = await createTestApp();
    shop = await t.createTenant('Indexed Shop');
    as = { apiKey: shop.apiKey };
  });
  afterAll(async () => {
    await t.close();
  });

  it('a prebuild installed with sample data, then the tenant restored from its backup', async () => {
    const installed = await t.post('/api/metadata/import', { prebuild: 'tienda', sampleData: true }, as);
    expect(installed.status, JSON.stringify(installed.body)).toBe(200);
    // tienda's relation fields are indexed without asking: their entries came with the sample records.
    const counts = await entryCounts(t, shop.id);
    expect(Object.keys(counts).length).toBeGreaterThan(0);
    expect(await wrongEntries(t, shop.id)).toEqual([]);

    const admin = await t.adminToken();
    const archive = await t.app.inject({ method: 'GET', url: `/api/backups/${shop.slug}`, headers: { authorization: `Bearer ${admin}` } });
    expect(archive.statusCode).toBe(200);
    const restored = await t.app.inject({
      method: 'POST',
      url: '/api/backups?slug=indexed-shop-copy',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/gzip' },
      payload: archive.rawPayload,
    });
    expect(restored.statusCode, restored.body).toBe(201);
    const copy = restored.json().data.tenant.id as string;
    expect(await entryCounts(t, copy)).toEqual(counts);
    expect(await wrongEntries(t, copy)).toEqual([]);
  });

  it('several records in one statement, updates that change data and one that does not', async () => {
    expect((await t.post('/api/entities', { definition: suppliersDefinition, auto_publish: true, version_message: 'v1' }, as)).status).toBe(
      201,
    );
    expect(
      (await t.post('/api/entities', { definition: productsDefinition(), auto_publish: true, version_message: 'v1' }, as)).status,
    ).toBe(201);
    const before = await entryCounts(t, shop.id);
    // What a bulk insert does: one INSERT of many rows (the restore's batches are such statements too).
    await withTenant(t.db, shop.id, { readOnly: false }, async (tx) => {
      const entity = (await findPublishedEntity(tx, 'products')) as PublishedEntity;
      await tx.query(
        `insert into records (tenant_id, entity_id, name, data)
         select $1, $2, 'p' || n, case when n % 3 = 0 then '{}'::jsonb
                                       else jsonb_build_object('categoria', 'c' || (n % 2), 'precio', n, 'alta', '2025-01-0' || n) end
           from generate_series(1, 6) n`,
        [shop.id, entity.id],
      );
    });
    expect(await entryCounts(t, shop.id)).toEqual({ ...before, categoria_precio: 6, alta: 6, proveedor: 6 });
    expect(await wrongEntries(t, shop.id)).toEqual([]);

    const listed = (await t.get('/api/entities/products/records?sort=precio&filter.categoria=c1', as)).body.data.data;
    expect(listed.map((r: any) => r.data.precio)).toEqual([1, 5]);
    const [first, second] = listed;
    expect((await t.patch(`/api/entities/products/records/${first.id}`, { precio: 1 }, as)).status).toBe(200); // unchanged data
    expect((await t.patch(`/api/entities/products/records/${second.id}`, { precio: 0, alta: null }, as)).status).toBe(200);
    expect(await wrongEntries(t, shop.id)).toEqual([]);
    const after = (await t.get('/api/entities/products/records?sort=precio&filter.categoria=c1', as)).body.data.data;
    expect(after.map((r: any) => r.data.precio)).toEqual([0, 1]);
  });
});
