import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRulesFixture, type RulesFixture } from './fixture.js';

describe('after_save actions: update_related through the same pipeline, depth ≤ 5, all or nothing', () => {
  let f: RulesFixture;
  beforeAll(async () => {
    f = await createRulesFixture();
  });
  afterAll(async () => {
    await f.t.close();
  });

  it('updates the related record, whose own rules run (cascade)', async () => {
    const product = await f.record('products', { title: 'Chair', price: 40, stock: 10 });
    // The product's own rule: its title says how many are left.
    await f.createRule('products', { publish: true, ruleDsl: { compute: { title: "'Chair (' + stock + ' left)'" } } });
    await f.createRule('invoice_lines', {
      publish: true,
      triggerType: 'after_save',
      ruleDsl: { actions: [{ type: 'update_related', entity: 'products', recordId: 'product', data: { stock: 'qty * -1 + 10' } }] },
    });
    const line = await f.t.post('/api/entities/invoice_lines/records', { product: product.id, qty: 3 }, f.as);
    expect(line.status).toBe(201);
    const after = await f.t.get(`/api/entities/products/records/${product.id}`, f.as);
    expect(after.body.data.data).toMatchObject({ stock: 7, title: 'Chair (7 left)' });
    // No target (empty relation): nothing to update, the save goes through.
    expect((await f.t.post('/api/entities/invoice_lines/records', { qty: 1 }, f.as)).status).toBe(201);
  });

  it('a failing action rolls the whole save back, the original record included', async () => {
    await f.createRule('products', {
      publish: true,
      ruleDsl: { validate: [{ id: 'stock', condition: 'stock >= 0', message: 'No stock left' }] },
    });
    const product = (await f.t.get('/api/entities/products/records', f.as)).body.data.data[0];
    const before = await f.counts();
    const res = await f.t.post('/api/entities/invoice_lines/records', { product: product.id, qty: 20 }, f.as);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('BUSINESS_RULE_ERROR');
    expect(res.body.error.message).toMatch(/updating products .*No stock left/);
    const now = await f.counts();
    expect({ records: now.records, rules: now.rules }).toEqual({ records: before.records, rules: before.rules });
    expect((await f.t.get(`/api/entities/products/records/${product.id}`, f.as)).body.data.data.stock).toBe(7);
  });

  it('a target that does not exist fails the save (BUSINESS_RULE_ERROR), nothing written', async () => {
    const before = await f.counts();
    await f.createRule('invoices', {
      publish: true,
      triggerType: 'after_save',
      ruleDsl: { actions: [{ type: 'update_related', entity: 'products', recordId: 'label', data: { stock: '1' } }] },
    });
    const res = await f.t.post('/api/entities/invoices/records', { code: 'X', label: '00000000-0000-4000-8000-000000000000' }, f.as);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('BUSINESS_RULE_ERROR');
    expect((await f.counts()).records).toBe(before.records);
  });

  it('refuses a chain deeper than 5 and writes nothing', async () => {
    // Each save of an invoice updates the invoice itself again: an endless chain, cut at depth 5.
    await f.createRule('invoices', {
      publish: true,
      triggerType: 'after_save',
      ruleDsl: { actions: [{ type: 'update_related', entity: 'invoices', recordId: 'id', data: { lines: 'coalesce(lines, 0) + 1' } }] },
    });
    const before = await f.counts();
    const res = await f.t.post('/api/entities/invoices/records', { code: 'LOOP' }, f.as);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('BUSINESS_RULE_ERROR');
    expect(res.body.error.message).toMatch(/Rule chain too deep.*at most 5/);
    expect((await f.counts()).records).toBe(before.records);
  });
});
