import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { snapshot } from './helpers.js';
import { entryCounts, productsDefinition, suppliersDefinition, wrongEntries } from './indexes.helpers.js';

/** Declared indexes: declared with the entity, validated, built on publish, kept by every write, dropped when removed. */
describe('declared indexes', () => {
  let t: TestApp;
  let tenant: Awaited<ReturnType<TestApp['createTenant']>>;
  let as: { apiKey: string };
  const schema = async () => (await t.get('/api/entities/products', as)).body.data;
  const states = async () => Object.fromEntries((await schema()).indexes.map((i: any) => [i.name, i.state]));

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await t.createTenant('Index Co');
    as = { apiKey: tenant.apiKey };
    const created = await t.post('/api/entities', { definition: suppliersDefinition, auto_publish: true, version_message: 'v1' }, as);
    expect(created.status).toBe(201);
  });
  afterAll(async () => {
    await t.close();
  });

  it('are declared with the entity and built when it is published; a relation field is indexed without asking', async () => {
    const res = await t.post('/api/entities', { definition: productsDefinition(), auto_publish: true, version_message: 'v1' }, as);
    expect(res.status).toBe(201);
    const s = await schema();
    expect(s.indexes).toEqual([
      { name: 'categoria_precio', fields: ['categoria', 'precio'], automatic: false, state: 'ready' },
      { name: 'alta', fields: ['alta'], automatic: false, state: 'ready' },
      { name: 'proveedor', fields: ['proveedor'], automatic: true, state: 'ready' },
    ]);
    const exported = (await t.get('/api/metadata/export', as)).body.data.entities.find((e: any) => e.name === 'products');
    expect(exported.indexes).toEqual([
      { name: 'categoria_precio', fields: ['categoria', 'precio'] },
      { name: 'alta', fields: ['alta'] },
    ]);
  });

  it('keeps one exact entry per record and index through create, update, a rule-computed value and delete', async () => {
    const supplier = (await t.post('/api/entities/suppliers/records', { name: 'ACME' }, as)).body.data;
    const ids: string[] = [];
    for (const [i, data] of [
      { title: 'a', categoria: 'lamps', precio: 12.5, alta: '2025-01-31', proveedor: supplier.id },
      { title: 'b', categoria: 'lamps', precio: 3, alta: '2025-01-31T10:00:00Z' },
      { title: 'c', categoria: '', activo: true },
      { title: 'd' },
    ].entries()) {
      const res = await t.post('/api/entities/products/records', data, as);
      expect(res.status, `record ${i}`).toBe(201);
      ids.push(res.body.data.id);
    }
    expect(await entryCounts(t, tenant.id)).toEqual({ alta: 4, categoria_precio: 4, proveedor: 4 });
    expect(await wrongEntries(t, tenant.id)).toEqual([]);

    expect((await t.patch(`/api/entities/products/records/${ids[1]}`, { precio: 4, categoria: 'desks' }, as)).status).toBe(200);
    expect((await t.patch(`/api/entities/products/records/${ids[0]}`, { alta: null, proveedor: null }, as)).status).toBe(200);
    expect(await wrongEntries(t, tenant.id)).toEqual([]);

    // A business rule computes the indexed precio: the entry follows the computed value.
    const rule = await t.post('/api/entities/products/rules', { publish: true, ruleDsl: { compute: { precio: 'cantidad * 2' } } }, as);
    expect(rule.status).toBe(201);
    expect((await t.patch(`/api/entities/products/records/${ids[2]}`, { cantidad: 21 }, as)).body.data.data.precio).toBe(42);
    expect(await wrongEntries(t, tenant.id)).toEqual([]);

    expect((await t.delete(`/api/entities/products/records/${ids[3]}`, as)).status).toBe(200);
    expect((await t.delete(`/api/entities/products/records/${ids[2]}`, as)).status).toBe(200);
    expect(await entryCounts(t, tenant.id)).toEqual({ alta: 2, categoria_precio: 2, proveedor: 2 });
    expect(await wrongEntries(t, tenant.id)).toEqual([]);
  });

  it('are changed in a draft: the published ones stay until the publish, which backfills new ones and drops removed ones', async () => {
    const set = await t.put('/api/entities/products/indexes', { indexes: [{ fields: ['activo', 'precio'], name: 'by_activo' }] }, as);
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ entityName: 'products', status: 'draft', version: 2 });
    expect(set.body.data.indexes).toEqual([
      { name: 'by_activo', fields: ['activo', 'precio'], automatic: false, state: 'pending' },
      { name: 'proveedor', fields: ['proveedor'], automatic: true, state: 'pending' },
    ]);
    const changes = (await t.get('/api/entities/products/changes', as)).body.data;
    expect(changes.indexes).toEqual({
      added: [{ name: 'by_activo', fields: ['activo', 'precio'] }],
      removed: [
        { name: 'categoria_precio', fields: ['categoria', 'precio'] },
        { name: 'alta', fields: ['alta'] },
      ],
    });
    expect(await states()).toEqual({ categoria_precio: 'ready', alta: 'ready', proveedor: 'ready' });
    const draft = (await t.get('/api/entities/products?version=draft', as)).body.data;
    expect(draft.indexes.map((i: any) => i.state)).toEqual(['pending', 'pending']);

    expect((await t.post('/api/entities/products/publish', { version_message: 'indexes' }, as)).status).toBe(200);
    expect(await states()).toEqual({ by_activo: 'ready', proveedor: 'ready' });
    expect(await entryCounts(t, tenant.id)).toEqual({ by_activo: 2, proveedor: 2 });
    expect(await wrongEntries(t, tenant.id)).toEqual([]);

    expect((await t.put('/api/entities/products/indexes', { indexes: [] }, as)).status).toBe(200);
    expect((await t.post('/api/entities/products/publish', { version_message: 'no indexes' }, as)).status).toBe(200);
    expect(await states()).toEqual({ proveedor: 'ready' });
    expect(await entryCounts(t, tenant.id)).toEqual({ proveedor: 2 });
  });

  it('refuses bad declarations with a 400 naming the index and the field, writing nothing', async () => {
    const before = await snapshot(t, as);
    const cases: Array<[unknown, RegExp]> = [
      [[{ fields: ['nope'] }], /Index "nope": "nope" is not a field/],
      [[{ fields: ['foto'] }], /Index "foto": field "foto" is a file field, which cannot be indexed/],
      [[{ fields: ['precio', 'precio'] }], /field "precio" appears twice/],
      [[{ fields: ['precio'] }, { fields: ['precio'], name: 'other' }], /Index "other" has the same fields as index "precio"/],
      [
        [
          { fields: ['precio'], name: 'x' },
          { fields: ['alta'], name: 'x' },
        ],
        /Index "x" is declared twice/,
      ],
      [[{ fields: ['title', 'categoria', 'precio', 'alta'] }], /an index has at most 3 fields/],
      [['title', 'alta', 'precio', 'activo', 'cantidad', 'total'].map((f) => ({ fields: [f] })), /at most 5 indexes/],
      [[{ fields: [] }], /fields must be a non-empty array/],
      [[{ fields: ['precio'], name: 'Bad Name' }], /index name "Bad Name" is invalid/],
      [[{ fields: ['precio'], unique: true }], /unknown key\(s\) unique/],
    ];
    for (const [indexes, message] of cases) {
      const res = await t.put('/api/entities/products/indexes', { indexes }, as);
      expect(res.status, JSON.stringify(indexes)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.message).toMatch(message);
      expect(res.body.error.details[0].field).toMatch(/^indexes/);
    }
    const create = await t.post(
      '/api/entities',
      {
        definition: { ...productsDefinition([{ fields: ['foto'] }]), entity: { name: 'other' } },
        auto_publish: true,
        version_message: 'v1',
      },
      as,
    );
    expect(create.status).toBe(400);
    expect(create.body.error.message).toMatch(/definition\.indexes\.0\.fields\.0: Index "foto"/);
    // A field an index uses cannot be removed or turned into an unindexable type while the index declares it.
    await t.put('/api/entities/products/indexes', { indexes: [{ fields: ['total'] }] }, as);
    const drop = await t.delete('/api/entities/products/fields/total', as);
    expect(drop.status).toBe(400);
    expect(drop.body.error.message).toMatch(/Index "total": "total" is not a field/);
    await t.put('/api/entities/products/indexes', { indexes: [] }, as);
    expect(await snapshot(t, as)).toEqual(before);
  });

  it('are carried by metadata export and import', async () => {
    await t.put('/api/entities/products/indexes', { indexes: [{ fields: ['categoria', 'precio'] }] }, as);
    await t.post('/api/entities/products/publish', { version_message: 'again' }, as);
    const exported = (await t.get('/api/metadata/export', as)).body.data;
    const other = await t.createTenant('Import Co');
    const imported = await t.post('/api/metadata/import', { metadata: exported }, { apiKey: other.apiKey });
    expect(imported.status).toBe(200);
    const s = (await t.get('/api/entities/products', { apiKey: other.apiKey })).body.data;
    expect(s.indexes.map((i: any) => [i.name, i.state])).toEqual([
      ['categoria_precio', 'ready'],
      ['proveedor', 'ready'],
    ]);
  });

  it("go with their entity: deleting it deletes every record's entries and the indexes", async () => {
    expect(await entryCounts(t, tenant.id)).toEqual({ categoria_precio: 2, proveedor: 2 });
    expect((await t.delete('/api/entities/products', as)).status).toBe(200);
    expect(await entryCounts(t, tenant.id)).toEqual({});
    expect(await wrongEntries(t, tenant.id)).toEqual([]);
  });
});

/** Entities larger than one batch build after the publish, batch by batch, while writes go on. */
describe('declared indexes of a large entity', () => {
  let t: TestApp;
  let tenant: Awaited<ReturnType<TestApp['createTenant']>>;
  let as: { apiKey: string };

  beforeAll(async () => {
    t = await createTestApp({ INDEX_BUILD_BATCH: '3' });
    tenant = await t.createTenant('Big Co');
    as = { apiKey: tenant.apiKey };
    await t.post('/api/entities', { definition: suppliersDefinition, auto_publish: true, version_message: 'v1' }, as);
    await t.post('/api/entities', { definition: productsDefinition([]), auto_publish: true, version_message: 'v1' }, as);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is building after the publish, then ready with an entry for every record, existing and new', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await t.post('/api/entities/products/records', { title: `p${i}`, categoria: i % 2 ? 'a' : 'b', precio: i }, as)).status).toBe(
        201,
      );
    }
    await t.put('/api/entities/products/indexes', { indexes: [{ fields: ['categoria', 'precio'] }] }, as);
    expect((await t.post('/api/entities/products/publish', { version_message: 'index' }, as)).status).toBe(200);
    const during = (await t.get('/api/entities/products', as)).body.data.indexes;
    expect(during.find((i: any) => i.name === 'categoria_precio').state).toMatch(/building|ready/);
    // Writes during the build keep their entries.
    expect((await t.post('/api/entities/products/records', { title: 'late', categoria: 'a', precio: 99 }, as)).status).toBe(201);
    await t.services.indexBuilder.idle();
    const after = (await t.get('/api/entities/products', as)).body.data.indexes;
    expect(after.map((i: any) => [i.name, i.state])).toEqual([
      ['categoria_precio', 'ready'],
      ['proveedor', 'ready'],
    ]);
    expect(await entryCounts(t, tenant.id)).toEqual({ categoria_precio: 11, proveedor: 11 });
    expect(await wrongEntries(t, tenant.id)).toEqual([]);
  });
});
