import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRulesFixture, type RulesFixture } from './fixture.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The age bound of the runs log (docs/rules.md "Rule runs"): a run logged more than
 * RULE_RUNS_KEEP_DAYS ago is never answered, and is deleted by the tenant's first logged save an
 * hour or more after the previous delete — not by every save. The count bound is out of the way
 * here (RULE_RUNS_KEEP 1000).
 */
describe('expired rule runs: never answered, deleted within the hour', () => {
  let f: RulesFixture;
  let product: any;
  beforeAll(async () => {
    f = await createRulesFixture({ RULE_RUNS_KEEP: '1000', RULE_RUNS_KEEP_DAYS: '1' });
    product = await f.record('products', { title: 'Chair', price: 40, stock: 100 });
    // invoices: a compute only, so the runs travel inside the record's write statement.
    await f.createRule('invoices', { publish: true, ruleDsl: { compute: { tax: 'subtotal * 0.2' } } });
    // invoice_lines: an action, so the runs are a statement of their own after it.
    await f.createRule('invoice_lines', {
      publish: true,
      triggerType: 'after_save',
      ruleDsl: {
        compute: { amount: 'qty * price' },
        actions: [{ type: 'update_related', entity: 'products', recordId: 'product', data: { stock: '100 - qty' } }],
      },
    });
  });
  afterAll(async () => {
    await f.t.close();
  });

  const listed = async (entity: string) => {
    const res = await f.t.get(`/api/rule-runs?entityName=${entity}&limit=100`, f.as);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(res.body.data.data.length);
    return res.body.data.data.map((r: any) => r.recordId);
  };
  const stored = async () => (await f.counts()).runs;

  const saves: Array<[string, (n: number) => Record<string, unknown>]> = [
    ['invoices', (n) => ({ code: `I-${n}`, subtotal: n })],
    ['invoice_lines', (n) => ({ product: product.id, qty: n, price: 2 })],
  ];
  it.each(saves)('%s: hidden once expired, deleted by the first save an hour after the last delete', async (entity, data) => {
    const save = async (n: number) => (await f.record(entity, data(n))).id as string;
    // Everything logged before is expired; the first save drops it.
    f.t.clock.advance(2 * DAY);
    const a = await save(1);
    expect(await stored()).toBe(1);
    f.t.clock.advance(DAY - 30 * MINUTE);
    const b = await save(2); // a drop (nothing has expired yet: a is 23 h 30 min old)
    expect(await stored()).toBe(2);
    expect(await listed(entity)).toEqual([b, a]);
    f.t.clock.advance(31 * MINUTE);
    // a is a day and a minute old: expired, not answered, still stored.
    expect(await listed(entity)).toEqual([b]);
    const c = await save(3); // 31 minutes after the last drop: none in this save
    expect(await stored()).toBe(3);
    expect(await listed(entity)).toEqual([c, b]);
    f.t.clock.advance(30 * MINUTE);
    const d = await save(4); // an hour and a minute after the last drop: a goes
    expect(await stored()).toBe(3);
    expect(await listed(entity)).toEqual([d, c, b]);
  });
});
