import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRulesFixture, type RulesFixture } from './fixture.js';

describe('derived values stay true when their inputs change elsewhere', () => {
  let f: RulesFixture;
  const invoice = async (id: string) => (await f.t.get(`/api/entities/invoices/records/${id}`, f.as)).body.data.data;
  beforeAll(async () => {
    f = await createRulesFixture();
    await f.createRule('invoices', {
      publish: true,
      ruleDsl: {
        compute: {
          lines: { type: 'aggregate', entity: 'invoice_lines', aggregateOp: 'count', filter: { invoice: 'id' } },
          subtotal: { type: 'aggregate', entity: 'invoice_lines', aggregateOp: 'sum', field: 'amount', filter: { invoice: 'id' } },
          total: 'subtotal * 1.1',
        },
        transform: { total: { type: 'round', decimals: 2 } },
      },
    });
    await f.createRule('invoice_lines', {
      publish: true,
      ruleDsl: {
        compute: {
          price: { type: 'lookup', entity: 'products', matchField: 'id', matchValue: 'product', resultField: 'price' },
          amount: 'qty * price',
        },
      },
    });
  });
  afterAll(async () => {
    await f.t.close();
  });

  it('recomputes aggregates when children are created, updated, deleted and moved', async () => {
    const pen = await f.record('products', { title: 'Pen', price: 2 });
    const a = await f.record('invoices', { code: 'A' });
    const b = await f.record('invoices', { code: 'B' });
    expect(a.data).toMatchObject({ lines: 0, subtotal: 0, total: 0 });

    const l1 = await f.record('invoice_lines', { invoice: a.id, product: pen.id, qty: 3 });
    expect(l1.data.amount).toBe(6);
    const l2 = await f.record('invoice_lines', { invoice: a.id, product: pen.id, qty: 5 });
    expect(await invoice(a.id)).toMatchObject({ lines: 2, subtotal: 16, total: 17.6 }); // created

    await f.t.patch(`/api/entities/invoice_lines/records/${l1.id}`, { qty: 1 }, f.as);
    expect(await invoice(a.id)).toMatchObject({ lines: 2, subtotal: 12, total: 13.2 }); // updated

    await f.t.patch(`/api/entities/invoice_lines/records/${l2.id}`, { invoice: b.id }, f.as);
    expect(await invoice(a.id)).toMatchObject({ lines: 1, subtotal: 2, total: 2.2 }); // moved out
    expect(await invoice(b.id)).toMatchObject({ lines: 1, subtotal: 10, total: 11 }); // moved in

    const del = await f.t.delete(`/api/entities/invoice_lines/records/${l1.id}`, f.as);
    expect(del.status).toBe(200);
    expect(await invoice(a.id)).toMatchObject({ lines: 0, subtotal: 0, total: 0 }); // deleted
  });

  it('refreshes lookups when the looked-up record changes, and the aggregates above them', async () => {
    const cup = await f.record('products', { title: 'Cup', price: 4 });
    const inv = await f.record('invoices', { code: 'C' });
    const line = await f.record('invoice_lines', { invoice: inv.id, product: cup.id, qty: 2 });
    expect(line.data).toMatchObject({ price: 4, amount: 8 });
    expect(await invoice(inv.id)).toMatchObject({ subtotal: 8 });

    await f.t.patch(`/api/entities/products/records/${cup.id}`, { price: 5 }, f.as);
    const refreshed = (await f.t.get(`/api/entities/invoice_lines/records/${line.id}`, f.as)).body.data.data;
    expect(refreshed).toMatchObject({ price: 5, amount: 10 });
    expect(await invoice(inv.id)).toMatchObject({ subtotal: 10, total: 11 }); // two levels up

    // A change the lookups do not read leaves the lines alone (their updatedAt stays).
    const stamp = (await f.t.get(`/api/entities/invoice_lines/records/${line.id}`, f.as)).body.data.updatedAt;
    await f.t.patch(`/api/entities/products/records/${cup.id}`, { title: 'Big cup' }, f.as);
    expect((await f.t.get(`/api/entities/invoice_lines/records/${line.id}`, f.as)).body.data.updatedAt).toBe(stamp);

    // Deleting the looked-up record empties the copied value.
    await f.t.delete(`/api/entities/products/records/${cup.id}`, f.as);
    expect((await f.t.get(`/api/entities/invoice_lines/records/${line.id}`, f.as)).body.data.data.price).toBeUndefined();
    expect(await invoice(inv.id)).toMatchObject({ subtotal: 0 });
  });

  it('a recomputation that fails rolls back the change that caused it', async () => {
    const rule = await f.createRule('invoices', {
      publish: true,
      ruleDsl: { validate: [{ id: 'cap', condition: 'subtotal <= 100', message: 'Too much' }] },
    });
    const inv = await f.record('invoices', { code: 'D' });
    const pen = await f.record('products', { title: 'Gold pen', price: 10 });
    const line = await f.record('invoice_lines', { invoice: inv.id, product: pen.id, qty: 5 });
    const res = await f.t.patch(`/api/entities/invoice_lines/records/${line.id}`, { qty: 50 }, f.as);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('BUSINESS_RULE_ERROR');
    expect((await f.t.get(`/api/entities/invoice_lines/records/${line.id}`, f.as)).body.data.data.qty).toBe(5);
    expect(await invoice(inv.id)).toMatchObject({ subtotal: 50 });
    await f.t.delete(`/api/rules/${rule.id}`, f.as);
  });
});
