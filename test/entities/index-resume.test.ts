import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../src/db/with-tenant.js';
import { findPublishedEntity } from '../../src/domain/entities/entity.repository.js';
import type { PublishedEntity } from '../../src/domain/entities/entity.types.js';
import { backfillBatch } from '../../src/domain/records/index-build.js';
import { createTestApp } from '../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { entryCounts, productsDefinition, suppliersDefinition, wrongEntries } from './indexes.helpers.js';

/**
 * A build a stop interrupted resumes when the service starts again on the same database, without
 * waiting for a publish or a list of the entity (docs/entities.md, "Indexes").
 */
describe('an index build interrupted by a stop', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('resumes at start-up from its resume point: ready, with the entry of every record', async () => {
    const env = { INDEX_BUILD_BATCH: '3' };
    const first = await createTestApp(env, { database });
    const tenant = await first.createTenant('Resume Co');
    const as = { apiKey: tenant.apiKey };
    expect(
      (await first.post('/api/entities', { definition: suppliersDefinition, auto_publish: true, version_message: 'v1' }, as)).status,
    ).toBe(201);
    expect(
      (await first.post('/api/entities', { definition: productsDefinition([]), auto_publish: true, version_message: 'v1' }, as)).status,
    ).toBe(201);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await first.post('/api/entities/products/records', { title: `p${i}`, categoria: i % 2 ? 'a' : 'b', precio: i }, as);
      expect(res.status).toBe(201);
      ids.push(res.body.data.id);
    }
    // The stop comes mid-build: the builder stops, after one batch of the new index (3 of 10 records).
    await first.services.indexBuilder.stop();
    await first.put('/api/entities/products/indexes', { indexes: [{ fields: ['categoria', 'precio'] }] }, as);
    expect((await first.post('/api/entities/products/publish', { version_message: 'index' }, as)).status).toBe(200);
    await withTenant(first.db, tenant.id, { readOnly: false }, async (tx) => {
      const entity = (await findPublishedEntity(tx, 'products')) as PublishedEntity;
      expect(await backfillBatch(tx, entity.id, 'categoria_precio', 3)).toBe('building');
    });
    // Writes meanwhile keep their own entries.
    expect((await first.post('/api/entities/products/records', { title: 'late', categoria: 'a', precio: 99 }, as)).status).toBe(201);
    expect((await first.patch(`/api/entities/products/records/${ids[9]}`, { precio: 100 }, as)).status).toBe(200);
    const states = async (t: typeof first) =>
      Object.fromEntries((await t.get('/api/entities/products', as)).body.data.indexes.map((i: any) => [i.name, i.state]));
    expect(await states(first)).toEqual({ categoria_precio: 'building', proveedor: 'ready' });
    expect((await entryCounts(first, tenant.id)).categoria_precio).toBeLessThan(11);
    await first.close();

    const second = await createTestApp(env, { database });
    try {
      await second.services.indexBuilder.idle();
      expect(await states(second)).toEqual({ categoria_precio: 'ready', proveedor: 'ready' });
      expect(await entryCounts(second, tenant.id)).toEqual({ categoria_precio: 11, proveedor: 11 });
      expect(await wrongEntries(second, tenant.id)).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
