import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, channelWorld, execute, expectRefused, publish, recordCount, type ChannelWorld } from './channels.helpers.js';

/**
 * Every way past the grant, one row each: the answer (§2 envelope and code), nothing written in
 * either tenant, and an audit row for the refusal. The channel lends products read-only; suppliers
 * (the target of products.supplier) and secrets are not lent.
 */
describe('grant boundaries of channel execution', () => {
  let w: ChannelWorld;
  const slug = 'boundaries';
  beforeAll(async () => {
    w = await channelWorld();
    await publish(w.t, w.owner, { slug, permissions: { products: 'read' } });
  });
  afterAll(async () => {
    await w.t.close();
  });

  const rows: Array<[string, string, () => unknown, number, string]> = [
    ['a write through a read grant (create)', 'create_products', () => ({ data: { name: 'Forged' } }), 404, 'NOT_FOUND'],
    ['a write through a read grant (update)', 'update_products', () => ({ id: w.products.kite, data: { price: 0 } }), 404, 'NOT_FOUND'],
    ['delete, which no grant lends', 'delete_products', () => ({ id: w.products.kite }), 404, 'NOT_FOUND'],
    ['an entity outside the grant (list)', 'list_secrets', () => ({}), 404, 'NOT_FOUND'],
    ['an entity outside the grant (get)', 'get_secrets', () => ({ id: w.secret }), 404, 'NOT_FOUND'],
    ['an entity the owner does not have', 'list_nothing', () => ({}), 404, 'NOT_FOUND'],
    ['resolve reaching an ungranted entity (list)', 'list_products', () => ({ resolve: true }), 403, 'FORBIDDEN'],
    ['resolve reaching an ungranted entity (get)', 'get_products', () => ({ id: w.products.hammer, resolve: true }), 403, 'FORBIDDEN'],
    [
      'a filter on a relation to an ungranted entity',
      'list_products',
      () => ({ filter: { supplier: w.supplier } }),
      400,
      'VALIDATION_ERROR',
    ],
    ['a filter on an unknown field', 'list_products', () => ({ filter: { secret: 'x' } }), 400, 'VALIDATION_ERROR'],
    ['an argument the tool does not declare', 'list_products', () => ({ entityName: 'secrets' }), 400, 'VALIDATION_ERROR'],
    ['an argument of the wrong type', 'list_products', () => ({ limit: 'all' }), 400, 'VALIDATION_ERROR'],
    ['a value outside the enum', 'list_products', () => ({ filter: { category: 'weapons' } }), 400, 'VALIDATION_ERROR'],
    ['a record of an ungranted entity through a granted tool', 'get_products', () => ({ id: w.secret }), 404, 'NOT_FOUND'],
  ];

  it.each(rows)('%s: %s is refused, nothing is written, the refusal is audited', async (_title, tool, params, status, code) => {
    const before = [await recordCount(w.t, w.owner.id), await recordCount(w.t, w.consumer.id)];
    const res = await execute(w.t, slug, tool, params(), { apiKey: w.consumer.apiKey });
    expectRefused(res, status, code);
    expect(JSON.stringify(res.body)).not.toContain('launch-code-42');
    expect([await recordCount(w.t, w.owner.id), await recordCount(w.t, w.consumer.id)]).toEqual(before);
    const [last] = await auditOf(w.t, w.owner, '?limit=1');
    expect(last).toMatchObject({ tool, outcome: 'refused', errorCode: code, rowsAffected: 0, caller: { tenantId: w.consumer.id } });
  });

  it('lists and gets never expand a relation to an ungranted entity unless asked (and asking is refused)', async () => {
    for (const [tool, params] of [
      ['list_products', {}],
      ['get_products', { id: w.products.hammer }],
    ] as const) {
      const res = await execute(w.t, slug, tool, params, { apiKey: w.consumer.apiKey });
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain('Acme Supplies');
    }
  });

  it("an unpublished channel's tools are refused like a missing channel, and the owner sees the attempt", async () => {
    const other = await w.t.createTenant('Quiet Co');
    await publish(w.t, other, { slug: 'quiet-channel', permissions: {} });
    expect((await w.t.delete('/api/my-channel', { apiKey: other.apiKey })).status).toBe(200);
    const hidden = await execute(w.t, 'quiet-channel', 'list_products', {}, { apiKey: w.consumer.apiKey });
    const missing = await execute(w.t, 'never-was', 'list_products', {}, { apiKey: w.consumer.apiKey });
    expectRefused(hidden, 404, 'NOT_FOUND');
    expect(hidden.body.error.message.replace('quiet-channel', 'X')).toBe(missing.body.error.message.replace('never-was', 'X'));
    const [entry] = await auditOf(w.t, other);
    expect(entry).toMatchObject({ tool: 'list_products', outcome: 'refused', errorCode: 'NOT_FOUND' });
  });

  it('a request without credentials is refused before anything (401)', async () => {
    expectRefused(await execute(w.t, slug, 'list_products', {}, {}), 401, 'UNAUTHORIZED');
  });

  it('params that are not an object are refused (400)', async () => {
    expectRefused(await execute(w.t, slug, 'list_products', [1, 2], { apiKey: w.consumer.apiKey }), 400, 'VALIDATION_ERROR');
  });
});
