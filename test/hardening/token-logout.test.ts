import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, connectHttp, ok, startMcpService, type McpTestService } from '../mcp/helpers.js';
import { PASSWORD, createUser } from '../users/users.helpers.js';

/**
 * Tokens end when their login ends: an admin logout ends every token of the same login (tenant
 * selections made from it, and the token it was made from), and MCP tokens from tenant_login can be
 * logged out — by the tenant_logout tool over MCP, or by POST /api/auth/tenant/mcp-logout over REST.
 */
describe('logout ends the whole token family', () => {
  let s: McpTestService;
  let tenant: { id: string; slug: string; apiKey: string };

  beforeAll(async () => {
    s = await startMcpService();
    tenant = await s.t.createTenant('Family Co');
    await createUser(s.t, tenant, { email: 'member@family.example', role: 'member' });
  });
  afterAll(async () => {
    await s.close();
  });

  const me = async (token: string) => (await s.t.get('/api/auth/me', { token })).status;
  const select = async (token: string) => {
    const res = await s.t.post(`/api/auth/tenants/${tenant.slug}/select`, {}, { token });
    expect(res.status).toBe(200);
    return res.body.data.token as string;
  };

  it('logging out of the login token ends the tokens selected from it (and theirs)', async () => {
    const login = await s.t.adminToken();
    const selected = await select(login);
    const again = await select(selected);
    const unrelated = await s.t.adminToken();
    expect([await me(login), await me(selected), await me(again)]).toEqual([200, 200, 200]);
    expect((await s.t.post('/api/auth/logout', {}, { token: login })).status).toBe(200);
    expect([await me(login), await me(selected), await me(again)]).toEqual([401, 401, 401]);
    expect(await me(unrelated)).toBe(200);
  });

  it('logging out of a selected token ends the login it came from', async () => {
    const login = await s.t.adminToken();
    const selected = await select(login);
    expect((await s.t.post('/api/auth/logout', {}, { token: selected })).status).toBe(200);
    expect([await me(login), await me(selected)]).toEqual([401, 401]);
    // No new token can be made from an ended login either.
    expect((await s.t.post(`/api/auth/tenants/${tenant.slug}/select`, {}, { token: login })).status).toBe(401);
  });

  const mcpLogin = async () => {
    const res = await s.t.post('/api/auth/tenant/mcp-login', {
      tenantSlug: tenant.slug,
      email: 'member@family.example',
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
    return res.body.data.token as string;
  };

  it('an MCP user token logs out with the tenant_logout tool; the open session stops at once', async () => {
    const token = await mcpLogin();
    const client = await connectHttp('streamable', s.mcpBase, token);
    expect(await ok(client, 'list_tenants')).toHaveLength(1);
    expect(await ok(client, 'tenant_logout')).toEqual({ loggedOut: true });
    await expect(callTool(client, 'list_tenants')).rejects.toThrow();
    await client.close().catch(() => undefined);
    await expect(connectHttp('streamable', s.mcpBase, token)).rejects.toThrow();
  });

  it('an MCP user token logs out over REST with the token in the body', async () => {
    const token = await mcpLogin();
    const other = await mcpLogin();
    const res = await s.t.post('/api/auth/tenant/mcp-logout', { token });
    expect(res).toMatchObject({ status: 200, body: { success: true, data: { loggedOut: true } } });
    await expect(connectHttp('streamable', s.mcpBase, token)).rejects.toThrow();
    // Only that session ended.
    const client = await connectHttp('streamable', s.mcpBase, other);
    expect(await ok(client, 'list_tenants')).toHaveLength(1);
    await client.close();
    // Ending it again, or a token that is not one, is UNAUTHORIZED.
    expect((await s.t.post('/api/auth/tenant/mcp-logout', { token })).body.error.code).toBe('UNAUTHORIZED');
    expect((await s.t.post('/api/auth/tenant/mcp-logout', { token: 'not-a-token' })).body.error.code).toBe('UNAUTHORIZED');
    expect((await s.t.post('/api/auth/tenant/mcp-logout', {})).body.error.code).toBe('VALIDATION_ERROR');
  });

  it('tenant_logout with an API key has no session to end: FORBIDDEN, naming tenant_login', async () => {
    const client = await connectHttp('streamable', s.mcpBase, tenant.apiKey);
    const answer = await callTool(client, 'tenant_logout');
    expect(answer).toMatchObject({ isError: true, json: { code: 'FORBIDDEN', message: expect.stringContaining('tenant_login') } });
    await client.close();
    // The key still works.
    expect((await s.t.get('/api/entities', { apiKey: tenant.apiKey })).status).toBe(200);
  });
});
