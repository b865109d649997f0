import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createEntity, snapshot, type Auth } from './helpers.js';

/** export_metadata → import_metadata: exact reproduction, idempotence, conflicts. */
describe('metadata export and import', () => {
  let t: TestApp;
  let source: Auth;
  let target: Auth;
  let exported: any;
  beforeAll(async () => {
    t = await createTestApp();
    source = { apiKey: (await t.createTenant('Source')).apiKey };
    target = { apiKey: (await t.createTenant('Target')).apiKey };
    // A model with every state: published with history, published with a pending draft, draft only.
    await createEntity(t, source, 'customers', {
      publish: true,
      fields: [
        { name: 'Place', fieldKey: 'place', fieldType: 'location', config: { defaultZoom: 8, defaultCenter: { lat: 40.4, lng: -3.7 } } },
      ],
    });
    await t.post('/api/entities/customers/fields', { fieldKey: 'vip', fieldType: 'boolean' }, source);
    await t.post('/api/entities/customers/publish', { version_message: 'VIP flag' }, source);
    await t.post(
      '/api/entities',
      {
        definition: {
          entity: { name: 'orders', displayName: 'Orders', icon: 'cart', config: { displayField: 'code' } },
          fields: [
            { name: 'Code', fieldKey: 'code', fieldType: 'text', isRequired: true, isUnique: true },
            {
              name: 'Customer',
              fieldKey: 'customer',
              fieldType: 'relation',
              config: { relatedEntity: 'customers', displayField: 'title' },
            },
            { name: 'State', fieldKey: 'state', fieldType: 'select', config: { options: [{ value: 'new', label: 'New' }, 'paid'] } },
          ],
        },
        auto_publish: true,
        version_message: 'Orders v1',
      },
      source,
    );
    await t.post('/api/entities/orders/fields', { fieldKey: 'total', fieldType: 'number', config: { min: 0 } }, source);
    await createEntity(t, source, 'drafts_only', {
      fields: [{ fieldKey: 'parent', fieldType: 'relation', config: { relatedEntity: 'drafts_only' } }],
    });
    exported = (await t.get('/api/metadata/export', source)).body.data;
  });
  afterAll(async () => {
    await t.close();
  });

  it('exports every entity, its fields, status, version and pending draft, and an empty rules list', () => {
    expect(exported).toMatchObject({ format: 'tenantbase.metadata', formatVersion: 1, exportedAt: expect.any(String), rules: [] });
    expect(exported.entities.map((e: any) => [e.name, e.status, e.version, e.draft?.version ?? null])).toEqual([
      ['customers', 'published', 2, null],
      ['drafts_only', 'draft', 1, null],
      ['orders', 'published', 1, 2],
    ]);
    const orders = exported.entities[2];
    expect(orders).toMatchObject({ displayName: 'Orders', icon: 'cart', config: { displayField: 'code' }, versionMessage: 'Orders v1' });
    expect(orders.fields[0]).toEqual({
      name: 'Code',
      fieldKey: 'code',
      fieldType: 'text',
      isRequired: true,
      isUnique: true,
      description: '',
      config: {},
    });
    expect(orders.draft.fields.map((f: any) => f.fieldKey)).toEqual(['code', 'customer', 'state', 'total']);
  });

  it('importing into a fresh tenant reproduces the model exactly', async () => {
    const res = await t.post('/api/metadata/import', { metadata: exported }, target);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ created: ['customers', 'drafts_only', 'orders'], unchanged: [], rulesIgnored: 0, notes: [] });
    const again = (await t.get('/api/metadata/export', target)).body.data;
    expect({ ...again, exportedAt: 0 }).toEqual({ ...exported, exportedAt: 0 });
    expect((await t.get('/api/entities/orders?version=draft', target)).body.data.version).toBe(2);
    expect((await t.get('/api/entities/orders/changes', target)).body.data.added.map((f: any) => f.fieldKey)).toEqual(['total']);
  });

  it('importing the same export twice changes nothing (also as JSON text, or as the bare body)', async () => {
    const before = await snapshot(t, target);
    const res = await t.post('/api/metadata/import', { metadata: JSON.stringify(exported) }, target);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ created: [], unchanged: ['customers', 'drafts_only', 'orders'] });
    expect((await t.post('/api/metadata/import', exported, target)).body.data.created).toEqual([]);
    expect(await snapshot(t, target)).toEqual(before);
  });

  it('reports conflicting entities clearly and writes nothing', async () => {
    const changed = structuredClone(exported);
    changed.entities[0].fields.push({ name: 'Extra', fieldKey: 'extra', fieldType: 'text' });
    changed.entities.push({ name: 'brand_new', status: 'published', version: 1, fields: [{ fieldKey: 'n', fieldType: 'text' }] });
    const before = await snapshot(t, target);
    const res = await t.post('/api/metadata/import', { metadata: changed }, target);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
    expect(res.body.error.message).toMatch(/nothing was written.*\(customers\)/);
    expect(res.body.error.details).toEqual([
      {
        field: 'metadata.entities.0',
        entity: 'customers',
        message: expect.stringMatching(/different definition; delete it \(DELETE \/api\/entities\/\{entityName\}\)/),
      },
    ]);
    expect(await snapshot(t, target)).toEqual(before);
  });

  it('refuses invalid metadata with the path of the problem and writes nothing', async () => {
    const fresh = { apiKey: (await t.createTenant('Fresh')).apiKey };
    const cases: Array<[unknown, RegExp]> = [
      [{ entities: 'x' }, /must be the result of GET \/api\/metadata\/export/],
      ['{not json', /not valid JSON/],
      [{ entities: [{ name: 'Bad Name', fields: [] }] }, /metadata.entities.0.name/],
      [{ entities: [{ name: 'a', fields: [{ fieldKey: 'x', fieldType: 'nope' }] }] }, /metadata.entities.0.fields.0.fieldType/],
      [
        { entities: [{ name: 'a', fields: [{ fieldKey: 'r', fieldType: 'relation', config: { relatedEntity: 'zzz' } }] }] },
        /"zzz" does not exist/,
      ],
      [
        {
          entities: [
            { name: 'a', fields: [] },
            { name: 'a', fields: [] },
          ],
        },
        /appears twice/,
      ],
    ];
    for (const [metadata, pattern] of cases) {
      const res = await t.post('/api/metadata/import', { metadata }, fresh);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.message).toMatch(pattern);
    }
    expect((await t.get('/api/metadata/export', fresh)).body.data.entities).toEqual([]);
    expect((await t.post('/api/metadata/import', {}, fresh)).body.error.message).toMatch(
      /must be the result of GET \/api\/metadata\/export/,
    );
  });

  it('refuses a rule it cannot import, naming it, and writes nothing (rules: test/rules/metadata.test.ts)', async () => {
    const fresh = { apiKey: (await t.createTenant('Rules')).apiKey };
    const res = await t.post('/api/metadata/import', { metadata: { entities: [], rules: [{ triggerType: 'before_save' }] } }, fresh);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/metadata\.rules\.0/);
    expect((await t.get('/api/metadata/export', fresh)).body.data).toMatchObject({ entities: [], rules: [] });
  });
});
