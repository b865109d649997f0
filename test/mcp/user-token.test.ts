import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApiKey, callTool, connectHttp, ok, startMcpService, type McpTestService } from './helpers.js';

/** Tenant-user JWTs from `tenant_login` (audience MCP_SERVER_URL) on the MCP HTTP transports. */
describe('tenant-user tokens on the MCP HTTP transports', () => {
  let s: McpTestService;
  let adminKey: string;
  let tenant: { id: string; slug: string; token: string };
  beforeAll(async () => {
    s = await startMcpService();
    tenant = await s.t.createTenant('Users Co');
    await s.t.createTenant('Users Other');
    adminKey = await adminApiKey(s.t);
  });
  afterAll(async () => {
    await s.close();
  });

  it('the credential registry takes tenant-user JWTs on MCP only', () => {
    const kind = s.t.services.credentials.kinds.find((k) => k.name === 'tenant_user_jwt');
    expect(kind?.surfaces).toEqual(['mcp']);
  });

  it.each(['streamable', 'sse'] as const)('accepts a tenant_login token over %s, pinned to its tenant', async (kind) => {
    const admin = await connectHttp(kind, s.mcpBase, adminKey);
    const email = `member-${kind}@users.example`;
    await ok(admin, 'create_user', { tenantSlug: tenant.slug, email, password: 'member-password-1', name: 'Member', role: 'member' });
    const login = await ok(admin, 'tenant_login', { tenantSlug: tenant.slug, email, password: 'member-password-1' });
    expect(typeof login.token).toBe('string');
    await admin.close();

    const user = await connectHttp(kind, s.mcpBase, login.token);
    expect((await ok(user, 'list_tenants')).map((t: { slug: string }) => t.slug)).toEqual([tenant.slug]);
    expect(await callTool(user, 'select_tenant', { tenantSlug: 'users-other' })).toMatchObject({
      isError: true,
      json: { code: 'NOT_FOUND' },
    });
    await user.close();
  });

  it('refuses a REST user token and a REST admin token', async () => {
    const rest = await s.t.request(
      'POST',
      '/api/auth/tenant/users',
      { email: 'rest@users.example', password: 'rest-password-1', name: 'Rest' },
      { token: tenant.token },
    );
    expect(rest.status).toBe(201);
    const login = await s.t.request(
      'POST',
      '/api/auth/tenant/login',
      { email: 'rest@users.example', password: 'rest-password-1' },
      { tenant: tenant.slug },
    );
    expect(login.status).toBe(200);
    await expect(connectHttp('streamable', s.mcpBase, login.body.data.token)).rejects.toThrow(/UNAUTHORIZED/);
    await expect(connectHttp('streamable', s.mcpBase, tenant.token)).rejects.toThrow(/REST admin tokens/);
  });
});
