import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe } from '../helpers/distribution/exceptions.js';
import { auditOf, channelWorld, execute, expectRefused, publish, recordCount, recordData, type ChannelWorld } from './channels.helpers.js';

const toolRows = (w: ChannelWorld) =>
  probe(() =>
    w.t.db.query<{ name: string; version: number }>('select name, version from channel_tools where tenant_id = $1 order by name', [
      w.owner.id,
    ]),
  );

const byCategory = {
  tool_name: 'by_category',
  description: 'Products of a category, cheapest first',
  params: {
    type: 'object',
    properties: { category: { type: 'string', enum: ['tools', 'toys'] }, max: { type: 'number', minimum: 0 } },
    required: ['category'],
  },
  action: {
    type: 'query',
    entity: 'products',
    filters: [
      { field: 'category', op: 'eq', value: { param: 'category' } },
      { field: 'price', op: 'lte', value: { param: 'max' } },
    ],
    orderBy: 'price',
  },
};

describe('custom channel tools', () => {
  let w: ChannelWorld;
  const slug = 'custom-shop';
  const owner = () => ({ apiKey: w.owner.apiKey });
  const consumer = () => ({ apiKey: w.consumer.apiKey });
  const define = (body: Record<string, unknown>) => w.t.post('/api/my-channel/tools', body, owner());
  beforeAll(async () => {
    w = await channelWorld();
    await publish(w.t, w.owner, { slug, permissions: { products: 'readwrite', suppliers: 'read' } });
  });
  afterAll(async () => {
    await w.t.close();
  });

  const deep = (n: number): Record<string, unknown> => (n === 0 ? { type: 'string' } : { type: 'object', properties: { x: deep(n - 1) } });
  const badSchemas: Array<[string, unknown]> = [
    ['$ref', { type: 'object', properties: { a: { $ref: '#/definitions/a' } } }],
    ['an unknown keyword', { type: 'object', properties: { a: { type: 'string', format: 'email' } } }],
    ['a pattern over 100 characters', { type: 'object', properties: { a: { type: 'string', pattern: 'a'.repeat(101) } } }],
    ['a pattern that is not a regular expression', { type: 'object', properties: { a: { type: 'string', pattern: '(' } } }],
    ['a top level that is not an object', { type: 'string' }],
    ['nesting deeper than 4 levels', deep(5)],
    ['an enum value of another type', { type: 'object', properties: { a: { type: 'integer', enum: ['x'] } } }],
    ['required naming no property', { type: 'object', properties: {}, required: ['ghost'] }],
    ['maxLength on a number', { type: 'object', properties: { a: { type: 'number', maxLength: 3 } } }],
    ['an array without items', { type: 'object', properties: { a: { type: 'array' } } }],
    [
      'an oversized schema',
      {
        type: 'object',
        description: 'x'.repeat(200),
        properties: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`p${i}`, { type: 'string', description: 'y'.repeat(290) }])),
      },
    ],
    ['a property name that is no identifier', { type: 'object', properties: { __proto__: { type: 'string' } } }],
  ];
  it.each(badSchemas)('refuses a parameter schema with %s, storing nothing', async (_title, params) => {
    expectRefused(await define({ ...byCategory, params }), 400, 'VALIDATION_ERROR');
    expect(await toolRows(w)).toEqual([]);
  });

  const badActions: Array<[string, Record<string, unknown>]> = [
    ['an entity outside the grant', { ...byCategory.action, entity: 'secrets', filters: [] }],
    ['a write on a read-only entity', { type: 'create', entity: 'suppliers', data: { name: { param: 'category' } } }],
    ['an unknown field', { ...byCategory.action, filters: [{ field: 'secret', op: 'eq', value: 'x' }] }],
    ['an operator the field does not take', { ...byCategory.action, filters: [{ field: 'price', op: 'contains', value: 'x' }] }],
    ['a parameter not declared', { ...byCategory.action, filters: [{ field: 'name', op: 'eq', value: { param: 'undeclared' } }] }],
    ['code', { type: 'script', entity: 'products', source: 'return db.secrets' }],
    ['a sum over a text field', { type: 'aggregate', entity: 'products', function: 'sum', field: 'name', filters: [] }],
  ];
  it.each(badActions)('refuses an action with %s, storing nothing', async (_title, action) => {
    expectRefused(await define({ ...byCategory, action }), 400, 'VALIDATION_ERROR');
    expect(await toolRows(w)).toEqual([]);
  });

  it('refuses names of derived tools', async () => {
    expectRefused(await define({ ...byCategory, tool_name: 'list_products' }), 400, 'VALIDATION_ERROR');
    expect(await toolRows(w)).toEqual([]);
  });

  it('defines a query tool, lists it with version 1, runs it with bound arguments', async () => {
    const res = await define(byCategory);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'by_category', kind: 'custom', entity: 'products', access: 'read', version: 1 });
    expectRefused(await define(byCategory), 409, 'CONFLICT');

    const tools = await w.t.get(`/api/channels/${slug}/tools`, consumer());
    expect(tools.body.data.tools.find((t: { name: string }) => t.name === 'by_category')).toMatchObject({ params: byCategory.params });

    const run = await execute(w.t, slug, 'by_category', { category: 'tools', max: 20 }, consumer());
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.data.result.data.map((r: any) => r.data.name)).toEqual(['Hammer']);
    // An optional argument left out drops its filter.
    const all = await execute(w.t, slug, 'by_category', { category: 'tools' }, consumer());
    expect(all.body.data.result.data.map((r: any) => r.data.name)).toEqual(['Hammer', 'Saw']);
    // Arguments are checked against the schema before any statement.
    expectRefused(await execute(w.t, slug, 'by_category', { category: 'weapons' }, consumer()), 400, 'VALIDATION_ERROR');
    expectRefused(await execute(w.t, slug, 'by_category', {}, consumer()), 400, 'VALIDATION_ERROR');
    expectRefused(await execute(w.t, slug, 'by_category', { category: 'tools', extra: 1 }, consumer()), 400, 'VALIDATION_ERROR');
  });

  it('create and update actions write in the owner tenant with bound and literal values', async () => {
    const add = {
      tool_name: 'add_toy',
      description: 'Adds a toy',
      params: {
        type: 'object',
        properties: { name: { type: 'string', maxLength: 40 }, price: { type: 'number', minimum: 0 } },
        required: ['name'],
      },
      action: { type: 'create', entity: 'products', data: { name: { param: 'name' }, price: { param: 'price' }, category: 'toys' } },
    };
    const reprice = {
      tool_name: 'reprice',
      description: 'Changes a price',
      params: { type: 'object', properties: { id: { type: 'string' }, price: { type: 'number' } }, required: ['id', 'price'] },
      action: { type: 'update', entity: 'products', id: { param: 'id' }, data: { price: { param: 'price' } } },
    };
    expect((await define(add)).status).toBe(201);
    expect((await define(reprice)).status).toBe(201);
    const created = await execute(w.t, slug, 'add_toy', { name: 'Yo-yo', price: 3 }, consumer());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.result.id as string;
    expect(await recordData(w.t, w.owner.id, id)).toEqual({ name: 'Yo-yo', price: 3, category: 'toys' });
    expect((await execute(w.t, slug, 'reprice', { id, price: 4 }, consumer())).status).toBe(200);
    expect(await recordData(w.t, w.owner.id, id)).toMatchObject({ price: 4 });
    // The record operation's own checks still apply (a record of another entity is not found).
    expectRefused(await execute(w.t, slug, 'reprice', { id: w.secret, price: 1 }, consumer()), 404, 'NOT_FOUND');
  });

  it('aggregate actions count, sum and group', async () => {
    const stats = {
      tool_name: 'price_by_category',
      description: 'Total price per category',
      params: { type: 'object', properties: {} },
      action: { type: 'aggregate', entity: 'products', function: 'sum', field: 'price', groupBy: 'category', filters: [] },
    };
    expect((await define(stats)).status).toBe(201);
    const res = await execute(w.t, slug, 'price_by_category', {}, consumer());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const groups = Object.fromEntries(res.body.data.result.groups.map((g: { key: string; value: number }) => [g.key, g.value]));
    expect(groups).toMatchObject({ tools: 40 });
    expect(groups.toys).toBeGreaterThanOrEqual(20);
  });

  it('an edit counts a version and changes the hash; a grant that no longer allows the tool refuses it (403), audited', async () => {
    const before = (await w.t.get('/api/my-channel', owner())).body.data.tools.find((t: { name: string }) => t.name === 'by_category');
    const edited = await w.t.put(
      '/api/my-channel/tools/by_category',
      { ...byCategory, tool_name: undefined, description: 'Cheapest first' },
      owner(),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.version).toBe(2);
    expect(edited.body.data.definitionHash).not.toBe(before.definitionHash);

    await w.t.put('/api/my-channel/permissions', { permissions: { products: 'read', suppliers: 'read' } }, owner());
    const counts = [await recordCount(w.t, w.owner.id), await recordCount(w.t, w.consumer.id)];
    const refused = await execute(w.t, slug, 'add_toy', { name: 'Forbidden toy' }, consumer());
    expectRefused(refused, 403, 'FORBIDDEN');
    expect([await recordCount(w.t, w.owner.id), await recordCount(w.t, w.consumer.id)]).toEqual(counts);
    const [entry] = await auditOf(w.t, w.owner, '?limit=1');
    expect(entry).toMatchObject({ tool: 'add_toy', outcome: 'refused', errorCode: 'FORBIDDEN', toolVersion: 1 });
    // Consumers no longer see it; the owner sees it as unusable.
    const seen = await w.t.get(`/api/channels/${slug}/tools`, consumer());
    expect(seen.body.data.tools.map((t: { name: string }) => t.name)).not.toContain('add_toy');
    const mine = await w.t.get('/api/my-channel', owner());
    expect(mine.body.data.tools.find((t: { name: string }) => t.name === 'add_toy')).toMatchObject({ usable: false });
  });

  it('a refused update changes nothing: same version, same hash', async () => {
    const before = await toolRows(w);
    const bad = await w.t.put(
      '/api/my-channel/tools/by_category',
      { ...byCategory, tool_name: undefined, params: { type: 'object', $ref: '#' } },
      owner(),
    );
    expectRefused(bad, 400, 'VALIDATION_ERROR');
    const outside = await w.t.put(
      '/api/my-channel/tools/by_category',
      { ...byCategory, tool_name: undefined, action: { ...byCategory.action, entity: 'secrets', filters: [] } },
      owner(),
    );
    expectRefused(outside, 400, 'VALIDATION_ERROR');
    expect(await toolRows(w)).toEqual(before);
  });

  it('removes a tool; a second removal is not found', async () => {
    expect((await w.t.delete('/api/my-channel/tools/reprice', owner())).body.data).toEqual({ tool_name: 'reprice', removed: true });
    expectRefused(await w.t.delete('/api/my-channel/tools/reprice', owner()), 404, 'NOT_FOUND');
    expectRefused(await execute(w.t, slug, 'reprice', { id: w.secret, price: 1 }, consumer()), 404, 'NOT_FOUND');
  });
});
