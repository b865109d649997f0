import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRulesFixture, type RulesFixture } from './fixture.js';

describe('export_metadata / import_metadata carry business rules', () => {
  let f: RulesFixture;
  beforeAll(async () => {
    f = await createRulesFixture();
  });
  afterAll(async () => {
    await f.t.close();
  });

  it('round-trips into a fresh tenant: entities, fields and rules, published state included', async () => {
    await f.createRule('invoice_lines', { publish: true, ruleDsl: { compute: { amount: 'qty * price' } } });
    await f.createRule('invoices', {
      publish: true,
      ruleDsl: {
        compute: {
          subtotal: { type: 'aggregate', entity: 'invoice_lines', aggregateOp: 'sum', field: 'amount', filter: { invoice: 'id' } },
        },
      },
    });
    await f.createRule('invoices', { ruleDsl: { transform: { code: 'trim' } } }); // stays a draft
    const exported = (await f.t.get('/api/metadata/export', f.as)).body.data;
    expect(exported.rules).toHaveLength(3);
    expect(exported.rules.map((r: any) => [r.entityName, r.status])).toEqual([
      ['invoice_lines', 'published'],
      ['invoices', 'published'],
      ['invoices', 'draft'],
    ]);

    const fresh = await f.t.createTenant('Copy Co');
    const as = { apiKey: fresh.apiKey };
    const imported = await f.t.post('/api/metadata/import', { metadata: exported }, as);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.data).toMatchObject({ rulesImported: 3, rulesIgnored: 0 });
    // Rules imported in one transaction share their creation time: compare them in a fixed order.
    const strip = (rules: any[]) =>
      rules.map(({ id: _i, createdAt: _c, updatedAt: _u, publishedAt: _p, ...r }) => JSON.stringify(r)).sort();
    expect(strip((await f.t.get('/api/rules', as)).body.data)).toEqual(strip((await f.t.get('/api/rules', f.as)).body.data));

    // The published rules run in the copy.
    const inv = (await f.t.post('/api/entities/invoices/records', { code: ' C ' }, as)).body.data;
    await f.t.post('/api/entities/invoice_lines/records', { invoice: inv.id, qty: 2, price: 3 }, as);
    const read = (await f.t.get(`/api/entities/invoices/records/${inv.id}`, as)).body.data.data;
    expect(read).toMatchObject({ code: ' C ', subtotal: 6 });

    // Importing again changes nothing.
    const again = await f.t.post('/api/metadata/import', { metadata: exported }, as);
    expect(again.body.data).toMatchObject({ rulesImported: 0, rulesIgnored: 3 });
    expect((await f.t.get('/api/rules', as)).body.data).toHaveLength(3);
  });

  it('refuses an import whose rule names an entity the import lacks, writing nothing', async () => {
    const fresh = await f.t.createTenant('Broken Co');
    const as = { apiKey: fresh.apiKey };
    const doc = {
      entities: [],
      rules: [{ entityName: 'invoices', triggerType: 'before_save', ruleDsl: { compute: { total: '1' } }, status: 'published' }],
    };
    const res = await f.t.post('/api/metadata/import', { metadata: doc }, as);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toMatch(/metadata\.rules\.0 \(invoices\)/);
    expect((await f.t.get('/api/rules', as)).body.data).toEqual([]);
  });
});
