import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRulesFixture, type RulesFixture } from './fixture.js';

describe('computes in every save: each kind, stored, in dependency order', () => {
  let f: RulesFixture;
  let lamp: any;
  beforeAll(async () => {
    f = await createRulesFixture();
    lamp = await f.record('products', { title: 'Lamp', price: 12.5, stock: 3 });
    await f.record('products', { title: 'Desk', price: 100, stock: 1 });
  });
  afterAll(async () => {
    await f.t.close();
  });

  it('formula and conditional, across two rules in dependency order, stored and answered', async () => {
    // The rule computing total is created first, yet runs after the one computing tax, which it reads.
    await f.createRule('invoices', { publish: true, ruleDsl: { compute: { total: 'subtotal + tax' } } });
    await f.createRule('invoices', {
      publish: true,
      ruleDsl: {
        compute: {
          tax: 'subtotal * tax_rate / 100',
          status: {
            type: 'conditional',
            conditions: [
              { when: 'total >= 100', then: "'large'" },
              { when: 'total > 0', then: "'small'" },
            ],
            default: "'empty'",
          },
        },
      },
    });
    const created = await f.t.post('/api/entities/invoices/records', { code: 'F-1', subtotal: 100, tax_rate: 21, total: 1 }, f.as);
    expect(created.status).toBe(201);
    expect(created.body.data.data).toMatchObject({ subtotal: 100, tax: 21, total: 121, status: 'large' });
    expect(created.body.warnings).toBeUndefined();
    // Stored: a read shows the same values.
    const read = await f.t.get(`/api/entities/invoices/records/${created.body.data.id}`, f.as);
    expect(read.body.data.data).toMatchObject({ tax: 21, total: 121, status: 'large' });
    // An update recomputes from the merged values.
    const updated = await f.t.patch(`/api/entities/invoices/records/${created.body.data.id}`, { subtotal: 10 }, f.as);
    expect(updated.status).toBe(200);
    expect(updated.body.data.data).toMatchObject({ subtotal: 10, tax: 2.1, total: 12.1, status: 'small' });
    const none = await f.record('invoices', { code: 'F-0' });
    expect(none.data).toMatchObject({ status: 'empty' });
    expect(none.data.total).toBeUndefined(); // null + null is null: the field stays empty
  });

  it('filters and sorts on computed values (they are stored)', async () => {
    await f.record('invoices', { code: 'F-2', subtotal: 50, tax_rate: 10 });
    await f.record('invoices', { code: 'F-3', subtotal: 200, tax_rate: 0 });
    const list = await f.t.get('/api/entities/invoices/records?filter.total.gte=50&sort=total&order=desc', f.as);
    expect(list.status).toBe(200);
    expect(list.body.data.data.map((r: any) => [r.data.code, r.data.total])).toEqual([
      ['F-3', 200],
      ['F-2', 55],
    ]);
    const small = await f.t.get('/api/entities/invoices/records?filter.status=small&sort=total', f.as);
    expect(small.body.data.data.map((r: any) => r.data.code)).toEqual(['F-1', 'F-2']);
  });

  it('lookup by id and by another field; a missing target gives null', async () => {
    await f.createRule('invoice_lines', {
      publish: true,
      ruleDsl: {
        compute: {
          price: { type: 'lookup', entity: 'products', matchField: 'id', matchValue: 'product', resultField: 'price' },
          amount: 'qty * price',
        },
      },
    });
    const line = await f.record('invoice_lines', { product: lamp.id, qty: 2 });
    expect(line.data).toMatchObject({ price: 12.5, amount: 25 });
    const orphan = await f.record('invoice_lines', { qty: 2 });
    expect(orphan.data.price).toBeUndefined();
    await f.createRule('products', {
      publish: true,
      ruleDsl: {
        compute: { stock: { type: 'lookup', entity: 'products', matchField: 'title', matchValue: 'title', resultField: 'stock' } },
      },
    });
    const twin = await f.record('products', { title: 'Lamp', price: 1 });
    expect(twin.data.stock).toBe(3);
  });

  it('aggregates count, sum, avg, min and max over linked records, with a filter', async () => {
    const invoice = await f.record('invoices', { code: 'AGG' });
    expect(invoice.data).toMatchObject({ code: 'AGG' });
    for (const [qty, product] of [
      [1, lamp.id],
      [3, lamp.id],
      [8, null],
    ] as const) {
      await f.record('invoice_lines', { invoice: invoice.id, qty, ...(product ? { product } : {}) });
    }
    const ops = ['count', 'sum', 'avg', 'min', 'max'] as const;
    for (const op of ops) {
      const rule = await f.createRule('invoices', {
        publish: true,
        ruleDsl: {
          compute: { lines: { type: 'aggregate', entity: 'invoice_lines', aggregateOp: op, field: 'qty', filter: { invoice: 'id' } } },
        },
      });
      const saved = await f.t.patch(`/api/entities/invoices/records/${invoice.id}`, {}, f.as);
      expect(saved.body.data.data.lines, op).toBe({ count: 3, sum: 12, avg: 4, min: 1, max: 8 }[op]);
      await f.t.delete(`/api/rules/${rule.id}`, f.as);
    }
    // Two links: lines of this invoice for the lamp only.
    await f.createRule('invoices', {
      publish: true,
      ruleDsl: {
        compute: {
          lines: { type: 'aggregate', entity: 'invoice_lines', aggregateOp: 'count', filter: { invoice: 'id', product: 'label' } },
        },
      },
    });
    const filtered = await f.t.patch(`/api/entities/invoices/records/${invoice.id}`, { label: lamp.id }, f.as);
    expect(filtered.body.data.data.lines).toBe(2);
  });

  it('the generated API client treats fields computed by published rules as read-only', async () => {
    const res = await f.t.get('/api/rest-api-client', f.as);
    expect(res.status).toBe(200);
    expect(res.body.data.code).toContain('What creating a invoices record takes (computed fields are set by the service)');
  });
});
