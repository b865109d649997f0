import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../src/db/with-tenant.js';
import { databaseUnavailable } from '../../src/db/sql-errors.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { NO_SAVE_HOOKS, type SaveHookProvider } from '../../src/domain/records/save-state.js';
import { createEntities, type Auth } from './fixture.js';

/**
 * A lookup whose value nothing reads before the write is folded into the write statement
 * (docs/rules.md "Performance"): the save sends one statement fewer, and answers, stores and logs
 * what the lookup's own statement would have given — including when the looked-up value is not a
 * number and schema validation must judge it (the save then runs again, the long way).
 */
describe('a lookup folded into the write', () => {
  let t: TestApp;
  let as: Auth;
  let tenantId: string;
  let sent = 0;
  let lamp: { id: string };
  const number = (key: string) => ({ name: key, fieldKey: key, fieldType: 'number' });

  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({
      observer: { beforeStatement: (s) => void (s.tenantId !== undefined && sent++) },
    });
    t = await createTestApp({}, { database });
    const tenant = await t.createTenant('Fold Co');
    as = { apiKey: tenant.apiKey };
    tenantId = tenant.id;
    const order = (name: string) => ({
      name,
      fields: [
        { name: 'title', fieldKey: 'title', fieldType: 'text' },
        { name: 'product', fieldKey: 'product', fieldType: 'relation', config: { relatedEntity: 'products' } },
        { name: 'code', fieldKey: 'code', fieldType: 'text' },
        number('qty'),
        number('unit_price'),
        number('total'),
        number('list_price'),
      ],
    });
    await createEntities(t, as, [
      { name: 'products', fields: [{ name: 'code', fieldKey: 'code', fieldType: 'text' }, number('price')] },
      order('orders'),
      order('checked_orders'),
      order('strict_orders'),
    ]);
    const rule = async (entity: string, ruleDsl: Record<string, unknown>) => {
      const res = await t.post(`/api/entities/${entity}/rules`, { publish: true, ruleDsl }, as);
      expect(res.status).toBe(201);
    };
    const lookup = { type: 'lookup', entity: 'products', matchField: 'id', matchValue: 'product', resultField: 'price' };
    await rule('orders', { compute: { unit_price: lookup, total: 'qty * 2' } });
    // Here a validation reads the looked-up value: it must be known before the write.
    await rule('checked_orders', {
      compute: { unit_price: lookup },
      validate: [{ id: 'priced', condition: 'unit_price > 0', message: 'no price' }],
    });
    // A validation of another field does not stop the fold.
    await rule('strict_orders', { compute: { unit_price: lookup }, validate: [{ id: 'some', condition: 'qty > 0', message: 'no qty' }] });
    lamp = (await t.post('/api/entities/products/records', { code: 'LAMP', price: 12.5 }, as)).body.data;
    // Warm: rules, entities and statements are cached after the first save of each entity.
    for (const entity of ['orders', 'checked_orders', 'strict_orders'])
      await t.post(`/api/entities/${entity}/records`, { title: 'warm', product: lamp.id }, as);
  });
  afterAll(async () => {
    // An app on a database it was given leaves the database to its owner.
    await t.close();
    await database.drop();
  });

  /** What `call` answers, and how many tenant statements it sent. */
  const counted = async <T>(call: () => Promise<T>): Promise<{ res: T; statements: number }> => {
    sent = 0;
    const res = await call();
    return { res, statements: sent };
  };
  const create = (entity: string, data: Record<string, unknown>) => t.post(`/api/entities/${entity}/records`, data, as);
  const stored = async (id: string) =>
    withTenant(t.db, tenantId, { readOnly: true }, (tx) =>
      tx.query<{ data: Record<string, unknown> }>('select data from records where tenant_id = $1 and id = $2', [tenantId, id]),
    );
  const runOutputs = async (recordId: string) =>
    (await t.get(`/api/rule-runs?recordId=${recordId}`, as)).body.data.data.map((r: any) => r.outputs);
  const setPrice = (value: unknown) =>
    withTenant(t.db, tenantId, { readOnly: false }, (tx) =>
      tx.query(`update records set data = jsonb_set(data, '{price}', $2::text::jsonb) where tenant_id = $1 and id = $3`, [
        tenantId,
        JSON.stringify(value),
        lamp.id,
      ]),
    );
  const counts = async () =>
    (
      await withTenant(t.db, tenantId, { readOnly: true }, (tx) =>
        tx.query<{ records: number; runs: number }>(
          'select (select count(*)::int from records where tenant_id = $1) as records, (select count(*)::int from rule_runs where tenant_id = $1) as runs',
          [tenantId],
        ),
      )
    )[0]!;

  it('a create is one statement, and answers, stores and logs the looked-up value', async () => {
    const { res, statements } = await counted(() => create('orders', { title: 'a', product: lamp.id, qty: 3 }));
    expect(res.status).toBe(201);
    expect(statements).toBe(1);
    expect(res.body.data.data).toMatchObject({ unit_price: 12.5, total: 6 });
    expect((await stored(res.body.data.id))[0]!.data).toMatchObject({ unit_price: 12.5, total: 6 });
    expect(await runOutputs(res.body.data.id)).toEqual([{ unit_price: 12.5, total: 6 }]);
    // A client's own value of a computed field is replaced, as by any compute.
    const sentValue = await create('orders', { title: 'b', product: lamp.id, unit_price: 99 });
    expect(sentValue.body.data.data.unit_price).toBe(12.5);
  });

  it('an update folds it too: the record lookup and the write', async () => {
    const created = (await create('orders', { title: 'u', product: lamp.id })).body.data;
    await setPrice(14);
    const { res, statements } = await counted(() => t.patch(`/api/entities/orders/records/${created.id}`, { qty: 1 }, as));
    expect(res.status).toBe(200);
    expect(statements).toBe(2);
    expect(res.body.data.data).toMatchObject({ unit_price: 14, total: 2 });
    await setPrice(12.5);
  });

  it('no match leaves the field out and logs null', async () => {
    const rule = await t.post(
      '/api/entities/orders/rules',
      {
        publish: true,
        ruleDsl: {
          compute: { list_price: { type: 'lookup', entity: 'products', matchField: 'code', matchValue: 'code', resultField: 'price' } },
        },
      },
      as,
    );
    expect(rule.status).toBe(201);
    await create('orders', { title: 'warm' }); // the new rule set is read and compiled
    const { res, statements } = await counted(() => create('orders', { title: 'n', product: lamp.id, code: 'NONE', qty: 5 }));
    expect(res.status).toBe(201);
    expect(statements).toBe(1);
    expect(res.body.data.data).not.toHaveProperty('list_price');
    expect(res.body.data.data).toMatchObject({ unit_price: 12.5, total: 10 });
    expect((await stored(res.body.data.id))[0]!.data).not.toHaveProperty('list_price');
    expect(await runOutputs(res.body.data.id)).toContainEqual({ list_price: null });
    // Two lookups folded into one write.
    const found = await counted(() => create('orders', { title: 'm', product: lamp.id, code: 'LAMP' }));
    expect(found.statements).toBe(1);
    expect(found.res.body.data.data).toMatchObject({ list_price: 12.5, unit_price: 12.5 });
    expect(await t.delete(`/api/rules/${rule.body.data.id}`, as)).toMatchObject({ status: 200 });
  });

  it('is not folded when a validation reads the value before the write', async () => {
    await create('checked_orders', { title: 'warm', product: lamp.id }); // rules changed in the test before
    const { res, statements } = await counted(() => create('checked_orders', { title: 'c', product: lamp.id }));
    expect(res.status).toBe(201);
    expect(statements).toBe(2);
    expect(res.body.data.data).toMatchObject({ unit_price: 12.5 });
  });

  it('a looked-up number stored as text is converted, as without the fold: the save runs again', async () => {
    await setPrice('13.75');
    const before = await counts();
    const { res, statements } = await counted(() => create('orders', { title: 't', product: lamp.id, qty: 2 }));
    expect(res.status).toBe(201);
    expect(statements).toBe(3); // the refused write, then the lookup and the write
    expect(res.body.data.data, JSON.stringify(res.body)).toMatchObject({ unit_price: 13.75, total: 4 });
    expect(await counts()).toEqual({ records: before.records + 1, runs: before.runs + 1 });
    expect((await stored(res.body.data.id))[0]!.data).toMatchObject({ unit_price: 13.75 });
    await setPrice(12.5);
  });

  it('a save refused before its write answers what the long way answers: a schema error first, every field named', async () => {
    const strict = await counted(() => create('strict_orders', { title: 's', product: lamp.id, qty: 2 }));
    expect(strict.res.status).toBe(201);
    expect(strict.statements).toBe(1);
    await setPrice('cheap');
    const before = await counts();
    // The rule's validation fails too, but the looked-up value's schema error comes first.
    const refused = await create('strict_orders', { title: 's', product: lamp.id, qty: 0 });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'unit_price' }] });
    // Another field is wrong too: both are named.
    const both = await create('orders', { title: 'b', product: lamp.id, qty: 'many' });
    expect(both.status).toBe(400);
    expect(both.body.error.details.map((d: any) => d.field).sort()).toEqual(['qty', 'unit_price']);
    expect(await counts()).toEqual(before);
    await setPrice(12.5);
    const ruleRefusal = await create('strict_orders', { title: 's', product: lamp.id, qty: 0 });
    expect(ruleRefusal.status).toBe(400);
    expect(ruleRefusal.body.error.code).toBe('BUSINESS_RULE_ERROR');
  });

  it('a looked-up value that is no number is refused as without the fold, and nothing is written', async () => {
    for (const value of ['cheap', true, { amount: 3 }]) {
      await setPrice(value);
      const before = await counts();
      const res = await create('orders', { title: 'x', product: lamp.id });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ field: 'unit_price', message: 'must be a finite number' }],
      });
      expect(await counts()).toEqual(before);
    }
    await setPrice(12.5);
  });
});

describe('a lookup is not folded when another save hook runs before the write', () => {
  it('that hook sees the looked-up value', async () => {
    const seen: unknown[] = [];
    const watcher: SaveHookProvider = async (_tx, entity) =>
      entity.name === 'orders'
        ? { ...NO_SAVE_HOOKS, validateRules: [async (state) => void seen.push(state.values.unit_price)] }
        : NO_SAVE_HOOKS;
    const t = await createTestApp({}, { hooks: { saveHooks: [watcher] } });
    try {
      const tenant = await t.createTenant('Hooked Co');
      const as = { apiKey: tenant.apiKey };
      const product = { name: 'product', fieldKey: 'product', fieldType: 'relation', config: { relatedEntity: 'products' } };
      await createEntities(t, as, [
        { name: 'products', fields: [{ name: 'price', fieldKey: 'price', fieldType: 'number' }] },
        { name: 'orders', fields: [product, { name: 'unit_price', fieldKey: 'unit_price', fieldType: 'number' }] },
      ]);
      const lookup = { type: 'lookup', entity: 'products', matchField: 'id', matchValue: 'product', resultField: 'price' };
      expect((await t.post('/api/entities/orders/rules', { publish: true, ruleDsl: { compute: { unit_price: lookup } } }, as)).status).toBe(
        201,
      );
      const lamp = (await t.post('/api/entities/products/records', { price: 7 }, as)).body.data;
      const res = await t.post('/api/entities/orders/records', { product: lamp.id }, as);
      expect(res.status).toBe(201);
      expect(res.body.data.data.unit_price).toBe(7);
      expect(seen).toEqual([7]);
    } finally {
      await t.close();
    }
  });
});

describe('a folded save whose database fails before the write', () => {
  it('answers that failure at once instead of running the save again', async () => {
    // The aggregate's read (an update: it counts through the record's id) fails once, as a lost
    // database would; only a refusal (schema or rule validation) may send the save the long way.
    let failNext = false;
    let sent = 0;
    const database = await createTestDatabase({
      observer: {
        beforeStatement(s) {
          if (s.tenantId === undefined) return;
          sent++;
          if (failNext && /count\(/.test(s.text)) {
            failNext = false;
            throw databaseUnavailable();
          }
        },
      },
    });
    const t = await createTestApp({}, { database });
    try {
      const tenant = await t.createTenant('Flaky Co');
      const as = { apiKey: tenant.apiKey };
      const number = (key: string) => ({ name: key, fieldKey: key, fieldType: 'number' });
      const entities = [
        { name: 'products', fields: [number('price')] },
        {
          name: 'orders',
          fields: [
            { name: 'product', fieldKey: 'product', fieldType: 'relation', config: { relatedEntity: 'products' } },
            number('unit_price'),
            number('qty'),
            number('zz_line_count'),
          ],
        },
        { name: 'order_lines', fields: [{ name: 'order', fieldKey: 'order', fieldType: 'text' }] },
      ];
      await createEntities(t, as, entities);
      const lookup = { type: 'lookup', entity: 'products', matchField: 'id', matchValue: 'product', resultField: 'price' };
      // A longer name than unit_price: rules are stored as jsonb, whose keys go shortest first, and the
      // lookup must run (and be folded) before the count fails.
      const count = { type: 'aggregate', entity: 'order_lines', aggregateOp: 'count', filter: { order: 'id' } };
      const rule = await t.post(
        '/api/entities/orders/rules',
        { publish: true, ruleDsl: { compute: { unit_price: lookup, zz_line_count: count } } },
        as,
      );
      expect(rule.status).toBe(201);
      const lamp = (await t.post('/api/entities/products/records', { price: 7 }, as)).body.data;
      const order = (await t.post('/api/entities/orders/records', { product: lamp.id, qty: 1 }, as)).body.data;
      expect(order.data).toMatchObject({ unit_price: 7, zz_line_count: 0 });
      await t.patch(`/api/entities/orders/records/${order.id}`, { qty: 1 }, as); // warm
      sent = 0;
      expect((await t.patch(`/api/entities/orders/records/${order.id}`, { qty: 2 }, as)).status).toBe(200);
      expect(sent).toBe(3); // the record's load, the count and the write: the lookup is folded into the write
      failNext = true;
      sent = 0;
      const res = await t.patch(`/api/entities/orders/records/${order.id}`, { qty: 3 }, as);
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(sent).toBe(2); // the record's load and the failed count: no second attempt
      const after = (await t.get(`/api/entities/orders/records/${order.id}`, as)).body.data;
      expect(after.data.qty).toBe(2);
    } finally {
      await t.close();
      await database.drop();
    }
  });
});
