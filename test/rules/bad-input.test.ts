import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRulesFixture, type RulesFixture } from './fixture.js';

/** Each refused rule: the body, the status, and what the message and details must name. Nothing is stored. */
const CASES: Array<{
  name: string;
  entity?: string;
  body: Record<string, unknown>;
  status?: number;
  message: RegExp;
  field?: string;
  position?: number;
}> = [
  {
    name: 'unknown compute kind',
    body: { ruleDsl: { compute: { total: { type: 'magic', expression: '1' } } } },
    message: /ruleDsl\.compute\.total\.type: unknown compute kind "magic"; use one of "formula", "conditional", "lookup", "aggregate"/,
    field: 'ruleDsl.compute.total.type',
  },
  {
    name: 'unknown field in an expression, with its position and a suggestion',
    body: { ruleDsl: { compute: { total: 'subtotal + subtotl' } } },
    message: /ruleDsl\.compute\.total at position 12: unknown field 'subtotl'; did you mean 'subtotal'\?/,
    field: 'ruleDsl.compute.total',
    position: 12,
  },
  {
    name: 'a syntax error, with its position',
    body: { ruleDsl: { validate: [{ id: 'v', condition: 'total > ', message: 'm' }] } },
    message: /ruleDsl\.validate\.0\.condition at position 9: .*expected a value/,
    field: 'ruleDsl.validate.0.condition',
    position: 9,
  },
  {
    name: 'a method call, with a hint',
    body: { ruleDsl: { compute: { label: 'code.trim()' } } },
    message: /method calls are not supported: use trim\(code\)/,
    field: 'ruleDsl.compute.label',
  },
  {
    name: 'bad aggregate operation',
    body: {
      ruleDsl: {
        compute: {
          total: { type: 'aggregate', entity: 'invoice_lines', aggregateOp: 'median', field: 'amount', filter: { invoice: 'id' } },
        },
      },
    },
    message: /unknown aggregate operation "median"; use one of "count", "sum", "avg", "min", "max"/,
    field: 'ruleDsl.compute.total.aggregateOp',
  },
  {
    name: 'aggregate without field',
    body: {
      ruleDsl: { compute: { total: { type: 'aggregate', entity: 'invoice_lines', aggregateOp: 'sum', filter: { invoice: 'id' } } } },
    },
    message: /ruleDsl\.compute\.total\.field: a field key of invoice_lines is required/,
  },
  {
    name: 'aggregate without filter',
    body: { ruleDsl: { compute: { lines: { type: 'aggregate', entity: 'invoice_lines', aggregateOp: 'count' } } } },
    message: /ruleDsl\.compute\.lines\.filter: an object linking the records is required/,
  },
  {
    name: 'actions outside after_save',
    body: {
      triggerType: 'before_save',
      ruleDsl: { actions: [{ type: 'update_related', entity: 'products', recordId: 'id', data: { stock: '1' } }] },
    },
    message: /actions run only after the record is written: set triggerType to "after_save"/,
    field: 'ruleDsl.actions',
  },
  {
    name: 'an entity that is not in this tenant',
    body: {
      ruleDsl: {
        compute: { total: { type: 'lookup', entity: 'other_tenant_prices', matchField: 'id', matchValue: 'code', resultField: 'price' } },
      },
    },
    message: /unknown entity "other_tenant_prices"; rules may name only entities of this tenant/,
    field: 'ruleDsl.compute.total.entity',
  },
  {
    name: 'a lookup result field the entity lacks',
    body: {
      ruleDsl: { compute: { total: { type: 'lookup', entity: 'products', matchField: 'id', matchValue: 'code', resultField: 'cost' } } },
    },
    message: /"cost" is not a field of products/,
  },
  {
    name: 'a computed field the entity lacks',
    body: { ruleDsl: { compute: { grand_total: 'subtotal' } } },
    message: /ruleDsl\.compute\.grand_total: "grand_total" is not a field of this entity/,
  },
  {
    name: 'a cycle inside one rule, naming its path',
    body: { ruleDsl: { compute: { total: 'tax + 1', tax: 'total * 0.21' } } },
    message: /cycle: total → tax → total/,
  },
  {
    name: 'a field computed from itself',
    body: { ruleDsl: { compute: { total: 'total + 1' } } },
    message: /cycle: total → total/,
  },
  {
    name: 'an over-limit expression',
    body: { ruleDsl: { compute: { label: `'${'x'.repeat(5000)}'` } } },
    message: /ruleDsl\.compute\.label at position 4097/,
  },
  {
    name: 'unknown severity',
    body: { ruleDsl: { validate: [{ id: 'v', condition: 'total > 0', message: 'm', severity: 'fatal' }] } },
    message: /unknown severity "fatal"; use one of "error", "warning", "info"/,
  },
  {
    name: 'unknown transform',
    body: { ruleDsl: { transform: { email: { type: 'titlecase' } } } },
    message: /unknown transform "titlecase"; use one of "lowercase", "uppercase", "trim", "round", "default"/,
  },
  {
    name: 'unknown DSL section',
    body: { ruleDsl: { computes: { total: '1' } } },
    message: /ruleDsl\.computes: unknown section/,
  },
  { name: 'an empty rule', body: { ruleDsl: {} }, message: /a rule needs at least one of compute, validate, transform or actions/ },
  { name: 'neither shape', body: { name: 'x' }, message: /ruleDsl is an object/ },
  {
    name: 'field_change without trigger fields',
    body: { triggerType: 'field_change', ruleDsl: { compute: { tax: 'subtotal * 0.21' } } },
    message: /field_change rules need triggerFields/,
  },
  {
    name: 'trigger field the entity lacks',
    body: { triggerType: 'field_change', triggerFields: ['amount'], ruleDsl: { compute: { tax: 'subtotal * 0.21' } } },
    message: /triggerFields\.0: "amount" is not a field of this entity/,
  },
  { name: 'unknown trigger type', body: { triggerType: 'on_delete', ruleDsl: { compute: { tax: '1' } } }, message: /triggerType/ },
  {
    name: 'unknown entity',
    entity: 'nothing_here',
    body: { ruleDsl: { compute: { tax: '1' } } },
    status: 404,
    message: /Entity "nothing_here" not found/,
  },
];

describe('refused rules: a precise message, nothing stored', () => {
  let f: RulesFixture;
  beforeAll(async () => {
    f = await createRulesFixture();
  });
  afterAll(async () => {
    await f.t.close();
  });

  it.each(CASES)('$name', async ({ entity, body, status, message, field, position }) => {
    const before = await f.counts();
    const res = await f.t.post(`/api/entities/${entity ?? 'invoices'}/rules`, body, f.as);
    expect(res.status).toBe(status ?? 400);
    expect(res.body.success).toBe(false);
    expect(res.body.error.code).toBe(status === 404 ? 'NOT_FOUND' : 'VALIDATION_ERROR');
    expect(res.body.error.message).toMatch(message);
    if (field) expect(res.body.error.details.map((d: any) => d.field)).toContain(field);
    if (position) expect(res.body.error.details.find((d: any) => d.field === field).position).toBe(position);
    expect(await f.counts()).toEqual(before);
  });

  it('refuses a cycle across rules when the second is created and when a draft is published', async () => {
    const first = await f.createRule('invoices', { publish: true, ruleDsl: { compute: { total: 'subtotal + tax' } } });
    const before = await f.counts();
    const cyclic = { publish: true, ruleDsl: { compute: { tax: 'total * 0.21' } } };
    const refused = await f.t.post('/api/entities/invoices/rules', cyclic, f.as);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/tax → total → tax/);
    expect(await f.counts()).toEqual(before);

    // A draft is checked against the published rules when it is created, and again when published.
    await f.t.delete(`/api/rules/${first.id}`, f.as);
    const draft = await f.createRule('invoices', { ruleDsl: { compute: { tax: 'total * 0.21' } } });
    await f.createRule('invoices', { publish: true, ruleDsl: { compute: { total: 'subtotal + tax' } } });
    const publish = await f.t.post(`/api/rules/${draft.id}/publish`, {}, f.as);
    expect(publish.status).toBe(400);
    expect(publish.body.error.message).toMatch(/total → tax → total|tax → total → tax/);
    expect((await f.t.get(`/api/rules/${draft.id}`, f.as)).body.data.status).toBe('draft');
  });

  it('refuses a second published computation of the same field', async () => {
    const res = await f.t.post('/api/entities/invoices/rules', { ruleDsl: { compute: { total: 'subtotal' } } }, f.as);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/Field "total" is computed by two rules/);
  });

  it('refuses members and viewers who may not change the schema (403), and writes nothing', async () => {
    const user = await f.t.post(
      '/api/auth/tenant/users',
      { email: 'm@example.com', password: 'member-pass-1', name: 'M', role: 'member' },
      f.as,
    );
    expect(user.status).toBe(201);
    const login = await f.t.post(
      '/api/auth/tenant/login',
      { email: 'm@example.com', password: 'member-pass-1' },
      { tenant: f.tenant.slug },
    );
    const before = await f.counts();
    const res = await f.t.post(
      '/api/entities/products/rules',
      { ruleDsl: { transform: { title: 'trim' } } },
      { token: login.body.data.token },
    );
    expect(res.status).toBe(403);
    expect(await f.counts()).toEqual(before);
    // Reading is allowed.
    expect((await f.t.get('/api/rules', { token: login.body.data.token })).status).toBe(200);
  });
});
