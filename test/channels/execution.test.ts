import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botWithToken } from '../bots/bots.helpers.js';
import { userWithToken } from '../users/users.helpers.js';
import { auditOf, channelWorld, execute, publish, recordCount, recordData, type ChannelWorld } from './channels.helpers.js';

describe('executing channel tools', () => {
  let w: ChannelWorld;
  const slug = 'owner-catalog';
  beforeAll(async () => {
    w = await channelWorld();
    await publish(w.t, w.owner, { slug, permissions: { products: 'readwrite', suppliers: 'read' } });
  });
  afterAll(async () => {
    await w.t.close();
  });

  it("a consumer tenant's API key lists the owner's records, with meta.executionTimeMs and the tool's version and hash", async () => {
    const res = await execute(
      w.t,
      slug,
      'list_products',
      { filter: { category: 'tools' }, orderBy: 'price' },
      { apiKey: w.consumer.apiKey },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { result, meta } = res.body.data;
    expect(result.data.map((r: any) => r.data.name)).toEqual(['Hammer', 'Saw']);
    expect(result.total).toBe(2);
    expect(meta).toMatchObject({ tool: 'list_products', version: 1, definitionHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(meta.executionTimeMs).toBeGreaterThanOrEqual(0);
  });

  it('a derived list tool pages by cursor and takes count like query_records', async () => {
    const first = await execute(w.t, slug, 'list_products', { orderBy: 'price', limit: 1, count: 'exact' }, { apiKey: w.consumer.apiKey });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const page1 = first.body.data.result;
    expect(page1).toMatchObject({ page: 1, totalExact: true, nextCursor: expect.any(String) });
    const next = await execute(
      w.t,
      slug,
      'list_products',
      { orderBy: 'price', limit: 1, after: page1.nextCursor },
      { apiKey: w.consumer.apiKey },
    );
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(next.body.data.result.page).toBe(2);
    expect(next.body.data.result.data[0].id).not.toBe(page1.data[0].id);
    const bad = await execute(w.t, slug, 'list_products', { orderBy: 'name', after: page1.nextCursor }, { apiKey: w.consumer.apiKey });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
  });

  it("a consumer's user token and its admin token consume the channel too", async () => {
    const user = await userWithToken(w.t, w.consumer, 'reader@consumer.test', 'viewer');
    for (const as of [{ token: user.token }, { token: w.consumer.token }]) {
      const res = await execute(w.t, slug, 'get_products', { id: w.products.kite }, as);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.result.data.name).toBe('Kite');
    }
  });

  it("a bot of the consumer tenant consumes the channel, and the owner's log names the bot", async () => {
    const bot = await botWithToken(w.t, w.consumer, { name: 'catalog-reader', role: 'viewer' });
    const res = await execute(w.t, slug, 'list_products', { limit: 1 }, { token: bot.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.result.data).toHaveLength(1);
    const [entry] = await auditOf(w.t, w.owner, '?limit=1');
    expect(entry).toMatchObject({ caller: { tenantId: w.consumer.id, kind: 'bot', id: bot.id }, outcome: 'success' });
  });

  it('creates and updates through a readwrite grant, in the owner tenant only', async () => {
    const before = await recordCount(w.t, w.consumer.id);
    const created = await execute(
      w.t,
      slug,
      'create_products',
      { data: { name: 'Drill', price: 55, supplier: w.supplier } },
      { apiKey: w.consumer.apiKey },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.result.id as string;
    const updated = await execute(w.t, slug, 'update_products', { id, data: { price: 60 } }, { apiKey: w.consumer.apiKey });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(await recordData(w.t, w.owner.id, id)).toMatchObject({ name: 'Drill', price: 60 });
    expect(await recordCount(w.t, w.consumer.id)).toBe(before);
  });

  it('resolve expands relations whose target the channel lends', async () => {
    const res = await execute(w.t, slug, 'get_products', { id: w.products.hammer, resolve: true }, { apiKey: w.consumer.apiKey });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.result.data.supplier).toMatchObject({ id: w.supplier, name: 'Acme Supplies' });
  });

  it('audits successes with caller, tool version and hash, redacted and hashed arguments, rows and milliseconds', async () => {
    const entries = await auditOf(w.t, w.owner, '?tool_name=list_products&outcome=success');
    expect(entries.length).toBeGreaterThanOrEqual(1);
    const entry = entries.at(-1);
    expect(entry).toMatchObject({
      caller: { tenantId: w.consumer.id, tenantSlug: w.consumer.slug, kind: 'tenant_key' },
      tool: 'list_products',
      toolVersion: 1,
      toolHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      arguments: { filter: { category: 'string' }, orderBy: 'string' },
      argumentsHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      outcome: 'success',
      errorCode: null,
      rowsAffected: 2,
    });
    expect(JSON.stringify(entry)).not.toContain('tools');
    expect(entry.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('the consumer can neither read nor write the audit log of the owner', async () => {
    const res = await w.t.get('/api/my-channel/audit', { apiKey: w.consumer.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.data.data).toEqual([]);
  });
});
