import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRulesFixture, type RulesFixture } from './fixture.js';

describe('business rules as data', () => {
  let f: RulesFixture;
  beforeAll(async () => {
    f = await createRulesFixture();
  });
  afterAll(async () => {
    await f.t.close();
  });

  it('creates a draft in the first shape, stored normalized, and reads it back', async () => {
    const res = await f.t.post(
      '/api/entities/invoices/rules',
      {
        name: 'Totals',
        triggerType: 'before_save',
        ruleDsl: {
          compute: {
            tax: 'subtotal * tax_rate / 100',
            lines: { type: 'aggregate', entity: 'invoice_lines', aggregateOp: 'count', filter: { invoice: 'id' } },
            total: { type: 'aggregate', entity: 'invoice_lines', aggregateOp: 'sum', aggregateField: 'amount', filter: { invoice: 'id' } },
          },
          validate: [{ id: 'positive', condition: 'subtotal >= 0', message: 'Subtotal must not be negative' }],
          transform: { email: { type: 'lowercase' }, subtotal: { type: 'round', decimals: 2 } },
        },
      },
      f.as,
    );
    expect(res.status).toBe(201);
    const rule = res.body.data;
    expect(rule).toMatchObject({
      entityName: 'invoices',
      name: 'Totals',
      status: 'draft',
      triggerType: 'before_save',
      triggerFields: [],
      publishedAt: null,
      ruleDsl: {
        compute: {
          tax: { type: 'formula', expression: 'subtotal * tax_rate / 100' },
          lines: { type: 'aggregate', entity: 'invoice_lines', aggregateOp: 'count', field: null, filter: { invoice: 'id' } },
          total: { type: 'aggregate', entity: 'invoice_lines', aggregateOp: 'sum', field: 'amount', filter: { invoice: 'id' } },
        },
        validate: [{ id: 'positive', condition: 'subtotal >= 0', message: 'Subtotal must not be negative', severity: 'error' }],
        transform: { email: { type: 'lowercase' }, subtotal: { type: 'round', decimals: 2 } },
        actions: [],
      },
    });
    const got = await f.t.get(`/api/rules/${rule.id}`, f.as);
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(rule);
  });

  it('creates the second shape ({ rule: { type, triggers, compute } }) as a field_change rule', async () => {
    const res = await f.t.post(
      '/api/entities/invoice_lines/rules',
      { rule: { type: 'compute', triggers: ['qty', 'price'], compute: { amount: { type: 'formula', expression: 'qty * price' } } } },
      f.as,
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      triggerType: 'field_change',
      triggerFields: ['qty', 'price'],
      name: 'compute amount',
      ruleDsl: { compute: { amount: { type: 'formula', expression: 'qty * price' } }, validate: [], transform: {}, actions: [] },
    });
  });

  it('lists rules of the tenant and of one entity, filtered by status', async () => {
    const all = await f.t.get('/api/rules', f.as);
    expect(all.status).toBe(200);
    expect(all.body.data.map((r: any) => r.entityName).sort()).toEqual(['invoice_lines', 'invoices']);
    const one = await f.t.get('/api/entities/invoices/rules', f.as);
    expect(one.body.data).toHaveLength(1);
    expect((await f.t.get('/api/rules?status=published', f.as)).body.data).toEqual([]);
    expect((await f.t.get('/api/rules?entityName=nope', f.as)).status).toBe(404);
  });

  it('publishes (idempotently) and deletes', async () => {
    const rule = await f.createRule('products', { ruleDsl: { transform: { title: 'trim' } } });
    const published = await f.t.post(`/api/rules/${rule.id}/publish`, {}, f.as);
    expect(published.status).toBe(200);
    expect(published.body.data.status).toBe('published');
    expect(published.body.data.publishedAt).toEqual(expect.any(String));
    const again = await f.t.post(`/api/rules/${rule.id}/publish`, {}, f.as);
    expect(again.body.data).toEqual(published.body.data);
    const removed = await f.t.delete(`/api/rules/${rule.id}`, f.as);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ id: rule.id, deleted: true });
    expect((await f.t.get(`/api/rules/${rule.id}`, f.as)).status).toBe(404);
    expect((await f.t.delete(`/api/rules/${rule.id}`, f.as)).status).toBe(404);
    expect((await f.t.post(`/api/rules/${rule.id}/publish`, {}, f.as)).status).toBe(404);
  });

  it('creates published at once with publish or auto_publish', async () => {
    for (const flag of ['publish', 'auto_publish']) {
      const rule = await f.createRule('products', { [flag]: true, ruleDsl: { transform: { title: 'trim' } } });
      expect(rule.status).toBe('published');
      await f.t.delete(`/api/rules/${rule.id}`, f.as);
    }
  });

  it('refuses a malformed rule id with 400 and an unknown one with 404', async () => {
    expect((await f.t.get('/api/rules/not-a-uuid', f.as)).status).toBe(400);
    expect((await f.t.get('/api/rules/00000000-0000-4000-8000-000000000000', f.as)).status).toBe(404);
  });
});
