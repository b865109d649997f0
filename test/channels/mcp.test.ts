import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, connectHttp, ok, startMcpService, type McpTestService } from '../mcp/helpers.js';
import { seedEntities } from './channels.helpers.js';

/** A second tenant's agent over MCP: discovers the channel and runs its tools with its own credentials. */
describe('channels over MCP', () => {
  let s: McpTestService;
  let owner: { id: string; slug: string; apiKey: string };
  let consumer: { id: string; slug: string; apiKey: string };
  beforeAll(async () => {
    s = await startMcpService();
    owner = await s.t.createTenant('Mcp Owner');
    consumer = await s.t.createTenant('Mcp Consumer');
    await seedEntities(s.t, owner.id);
    await s.t.post('/api/entities/products/records', { name: 'Hammer', price: 10, category: 'tools' }, { apiKey: owner.apiKey });
  });
  afterAll(async () => {
    await s.close();
  });

  it("the owner publishes with its key; the consumer's key and its user's tenant_login token discover and execute", async () => {
    const ownerClient = await connectHttp('streamable', s.mcpBase, owner.apiKey);
    await ok(ownerClient, 'publish_channel', { slug: 'mcp-shop', name: 'MCP shop', tags: ['tools'], permissions: { products: 'read' } });
    await ownerClient.close();

    const keyClient = await connectHttp('streamable', s.mcpBase, consumer.apiKey);
    expect((await ok(keyClient, 'search_channels', { tags: ['tools'] })).channels.map((c: { slug: string }) => c.slug)).toEqual([
      'mcp-shop',
    ]);
    const tools = await ok(keyClient, 'get_channel_tools', { channel_slug: 'mcp-shop' });
    expect(tools.tools.map((t: { name: string }) => t.name)).toEqual(['list_products', 'get_products']);
    const listed = await ok(keyClient, 'execute_channel_tool', {
      channel_slug: 'mcp-shop',
      tool_name: 'list_products',
      params: { limit: 5 },
    });
    expect(listed.result.data.map((r: { data: { name: string } }) => r.data.name)).toEqual(['Hammer']);
    expect(listed.meta.definitionHash).toBe(tools.tools[0].definitionHash);
    // Refusals answer isError with the §2 code, for the model to act on.
    expect(
      await callTool(keyClient, 'execute_channel_tool', { channel_slug: 'mcp-shop', tool_name: 'create_products', params: {} }),
    ).toMatchObject({
      isError: true,
      json: { code: 'NOT_FOUND' },
    });
    expect(
      await callTool(keyClient, 'execute_channel_tool', {
        channel_slug: 'mcp-shop',
        tool_name: 'list_products',
        params: { resolve: true },
      }),
    ).toMatchObject({
      isError: true,
      json: { code: 'FORBIDDEN' },
    });
    await ok(keyClient, 'create_user', { email: 'agent@consumer.test', password: 'agent-password-1', name: 'Agent', role: 'viewer' });
    const login = await ok(keyClient, 'tenant_login', {
      tenantSlug: consumer.slug,
      email: 'agent@consumer.test',
      password: 'agent-password-1',
    });
    await keyClient.close();

    const userClient = await connectHttp('sse', s.mcpBase, login.token);
    const got = await ok(userClient, 'get_channel_info', { channel_slug: 'mcp-shop' });
    expect(got).toMatchObject({ slug: 'mcp-shop', toolCount: 2 });
    const run = await ok(userClient, 'execute_channel_tool', { channel_slug: 'mcp-shop', tool_name: 'list_products' });
    expect(run.result.total).toBe(1);
    // The consumer's user has no channel of its own to change, and cannot read the owner's log.
    expect(await callTool(userClient, 'list_channel_audit', {})).toMatchObject({ isError: true, json: { code: 'FORBIDDEN' } });
    await userClient.close();

    const audit = await s.t.get('/api/my-channel/audit', { apiKey: owner.apiKey });
    const kinds = audit.body.data.data.map((e: { caller: { kind: string; tenantId: string }; outcome: string }) => [
      e.caller.kind,
      e.caller.tenantId,
      e.outcome,
    ]);
    expect(kinds).toContainEqual(['tenant_user', consumer.id, 'success']);
    expect(kinds).toContainEqual(['tenant_key', consumer.id, 'refused']);
  });
});
