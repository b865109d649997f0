import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe } from '../helpers/distribution/exceptions.js';
import { userWithToken } from '../users/users.helpers.js';
import { auditOf, channelWorld, execute, expectRefused, publish, type ChannelWorld } from './channels.helpers.js';

describe("the owner's audit log", () => {
  let w: ChannelWorld;
  let third: { id: string; slug: string; apiKey: string };
  let midpoint: string;
  const slug = 'audited';
  beforeAll(async () => {
    w = await channelWorld();
    third = await w.t.createTenant('Third Co');
    await publish(w.t, w.owner, { slug, permissions: { products: 'read' } });
    await execute(w.t, slug, 'list_products', { filter: { name: 'Kite' } }, { apiKey: w.consumer.apiKey });
    await execute(w.t, slug, 'get_products', { id: w.products.kite }, { apiKey: w.consumer.apiKey });
    w.t.clock.advance(60_000);
    midpoint = w.t.clock.now().toISOString();
    await execute(w.t, slug, 'list_secrets', {}, { apiKey: third.apiKey });
    await execute(w.t, slug, 'list_products', { limit: 1 }, { apiKey: third.apiKey });
  });
  afterAll(async () => {
    await w.t.close();
  });

  it('filters by tool, outcome, caller tenant and time, newest first, paged', async () => {
    const tools = (entries: any[]) => entries.map((e) => e.tool);
    expect(tools(await auditOf(w.t, w.owner))).toEqual(['list_products', 'list_secrets', 'get_products', 'list_products']);
    expect(tools(await auditOf(w.t, w.owner, '?tool_name=list_products'))).toEqual(['list_products', 'list_products']);
    expect(tools(await auditOf(w.t, w.owner, '?outcome=refused'))).toEqual(['list_secrets']);
    expect(tools(await auditOf(w.t, w.owner, `?caller_tenant=${third.slug}`))).toEqual(['list_products', 'list_secrets']);
    expect(tools(await auditOf(w.t, w.owner, `?caller_tenant=${w.consumer.id}`))).toEqual(['get_products', 'list_products']);
    expect(tools(await auditOf(w.t, w.owner, `?since=${encodeURIComponent(midpoint)}`))).toEqual(['list_products', 'list_secrets']);
    expect(tools(await auditOf(w.t, w.owner, `?until=${encodeURIComponent(midpoint)}`))).toEqual(['get_products', 'list_products']);
    const page = await w.t.get('/api/my-channel/audit?page=2&limit=3', { apiKey: w.owner.apiKey });
    expect(page.body.data).toMatchObject({ total: 4, page: 2, limit: 3, totalPages: 2 });
    expect(tools(page.body.data.data)).toEqual(['list_products']);
    expect((await auditOf(w.t, w.owner, '?tool_name=list_products&limit=1'))[0].rowsAffected).toBe(1);
  });

  it('refuses bad filters with the envelope', async () => {
    for (const query of ['?outcome=maybe', '?since=yesterday', '?page=0', '?limit=0', '?callerTenant=x']) {
      expectRefused(await w.t.get(`/api/my-channel/audit${query}`, { apiKey: w.owner.apiKey }), 400, 'VALIDATION_ERROR');
    }
  });

  it('only owners and admins of the tenant read it; no one can change it', async () => {
    const member = await userWithToken(w.t, w.owner, 'member@owner.test', 'member');
    expectRefused(await w.t.get('/api/my-channel/audit', { token: member.token }), 403, 'FORBIDDEN');
    const admin = await userWithToken(w.t, w.owner, 'admin@owner.test', 'admin');
    expect((await w.t.get('/api/my-channel/audit', { token: admin.token })).body.data.total).toBe(4);
    // The tenant role itself may not update or delete audit rows (append-only by grant).
    const grants = await probe(() =>
      w.t.db.query<{ privilege: string }>(
        "select privilege_type as privilege from information_schema.role_table_grants where table_name = 'channel_audit' and grantee = 'tenantbase_app' order by 1",
      ),
    );
    expect(grants.map((g) => g.privilege)).toEqual(['INSERT', 'SELECT']);
  });
});
