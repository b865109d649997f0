import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/domain/access/principal.js';
import { SESSION_TTL_MS } from '../../src/domain/users/session-token.js';
import { authenticateMcpUserToken } from '../../src/domain/users/session.service.js';
import { executeOperation } from '../../src/operations/core/execute.js';
import { findOperation } from '../../src/operations/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createUser, PASSWORD } from './users.helpers.js';
import { createLogger } from '../../src/logging.js';

/** The MCP-facing operations: create_user, list_users, tenant_login and its JWT. */
describe('users on the MCP side', () => {
  let t: TestApp;
  let acme: Awaited<ReturnType<TestApp['createTenant']>>;
  let admin: Principal;
  beforeAll(async () => {
    t = await createTestApp({ MCP_SERVER_URL: 'https://mcp.example.test/mcp', SERVICE_API_URL: 'https://api.example.test/api' });
    acme = await t.createTenant('Acme');
    const [row] = await t.db.query<{ id: string; email: string; name: string }>('select id, email, name from admins');
    admin = { kind: 'admin', adminId: row!.id, email: row!.email, name: row!.name, credential: 'api_key' };
  });
  afterAll(async () => {
    await t.close();
  });

  const run = (
    name: string,
    input: unknown,
    principal: Principal | null = admin,
    tenant: { id: string; slug: string; name: string } | null = null,
  ) =>
    executeOperation(
      findOperation(name)!,
      { db: t.db, config: t.config, services: t.services, principal, tenant, clientAddress: 'mcp-test', log: createLogger('silent') },
      input,
    ).then((r) => r.data);

  const mcpLogin = async (email: string, password = PASSWORD) =>
    (await run('tenant_login', { tenantSlug: acme.slug, email, password }, null)) as {
      token: string;
      expiresAt: Date;
      user: { id: string };
    };

  it('exposes create_user and list_users (advanced) and tenant_login (core) as tools', () => {
    expect(findOperation('create_user')).toMatchObject({ tool: true, profile: 'advanced' });
    expect(findOperation('list_users')).toMatchObject({ tool: true, profile: 'advanced' });
    expect(findOperation('tenant_login')).toMatchObject({ tool: true, profile: 'core' });
  });

  it('create_user names its tenant by tenantSlug and answers { success, user, loginInfo }', async () => {
    const answer = await run('create_user', {
      tenantSlug: acme.slug,
      email: 'Ana@Example.com',
      password: PASSWORD,
      name: 'Ana',
      role: 'admin',
      metadata: '{"team":"ops"}',
    });
    expect(answer).toEqual({
      success: true,
      user: { id: expect.any(String), email: 'ana@example.com', name: 'Ana', role: 'admin' },
      loginInfo: {
        endpoint: 'https://api.example.test/api/auth/tenant/login',
        body: { email: 'ana@example.com', password: expect.not.stringContaining(PASSWORD) },
        headers: { 'X-Tenant-ID': acme.slug },
      },
    });
    const listed = (await run('list_users', {}, admin, { id: acme.id, slug: acme.slug, name: 'Acme' })) as Array<{
      email: string;
      metadata: unknown;
    }>;
    expect(listed).toEqual([expect.objectContaining({ email: 'ana@example.com', metadata: { team: 'ops' } })]);
  });

  it('create_user without tenantSlug uses the selected tenant, and needs one', async () => {
    const selected = { id: acme.id, slug: acme.slug, name: 'Acme' };
    await expect(run('create_user', { email: 'bo@example.com', password: PASSWORD, name: 'Bo' }, admin, selected)).resolves.toMatchObject({
      success: true,
    });
    await expect(run('create_user', { email: 'cy@example.com', password: PASSWORD, name: 'Cy' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    await expect(run('create_user', { tenantSlug: 'nope', email: 'cy@example.com', password: PASSWORD, name: 'Cy' })).rejects.toMatchObject(
      { code: 'NOT_FOUND' },
    );
  });

  it('tenant_login answers a JWT for MCP_SERVER_URL that authenticateMcpUserToken accepts', async () => {
    const { token, expiresAt, user } = await mcpLogin('ana@example.com');
    expect(token.split('.')).toHaveLength(3);
    expect(new Date(expiresAt).getTime()).toBe(t.clock.now().getTime() + SESSION_TTL_MS);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(payload).toMatchObject({ aud: 'https://mcp.example.test/mcp', sub: user.id, tid: acme.id, sid: expect.any(String) });
    const principal = await authenticateMcpUserToken(t.db, t.services, token);
    expect(principal).toMatchObject({ kind: 'tenant_user', userId: user.id, tenantId: acme.id, role: 'admin', sessionId: payload.sid });
    // It is an MCP credential, not a REST one.
    expect((await t.get('/api/auth/tenant/me', { token })).status).toBe(401);
  });

  it('refuses REST admin tokens, REST session tokens, tampered and wrongly failed logins', async () => {
    expect(await authenticateMcpUserToken(t.db, t.services, acme.token)).toBeNull();
    const rest = await t.post('/api/auth/tenant/login', { email: 'ana@example.com', password: PASSWORD }, { tenant: acme.slug });
    expect(await authenticateMcpUserToken(t.db, t.services, rest.body.data.token)).toBeNull();
    const { token } = await mcpLogin('ana@example.com');
    // A character well inside the signature (the last one also carries padding bits), always changed.
    const at = token.length - 5;
    const tampered = `${token.slice(0, at)}${token[at] === 'x' ? 'y' : 'x'}${token.slice(at + 1)}`;
    expect(await authenticateMcpUserToken(t.db, t.services, tampered)).toBeNull();
    await expect(mcpLogin('ana@example.com', 'wrong-password')).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Invalid email or password',
    });
  });

  it('is revoked by expiry, password change, deactivation and deletion', async () => {
    const check = (token: string) => authenticateMcpUserToken(t.db, t.services, token);
    const key = { apiKey: acme.apiKey };
    const u = await createUser(t, acme, { email: 'rev@example.com' });

    const expiring = (await mcpLogin('rev@example.com')).token;
    t.clock.advance(SESSION_TTL_MS - 1000);
    expect(await check(expiring)).not.toBeNull();
    t.clock.advance(1000);
    expect(await check(expiring)).toBeNull();

    const beforePassword = (await mcpLogin('rev@example.com')).token;
    await t.put(`/api/auth/tenant/users/${u.id}/password`, { password: 'changed-pass-1' }, key);
    expect(await check(beforePassword)).toBeNull();

    const beforeDeactivation = (await mcpLogin('rev@example.com', 'changed-pass-1')).token;
    expect(await check(beforeDeactivation)).not.toBeNull();
    await t.patch(`/api/auth/tenant/users/${u.id}`, { isActive: false }, key);
    expect(await check(beforeDeactivation)).toBeNull();

    await t.patch(`/api/auth/tenant/users/${u.id}`, { isActive: true }, key);
    const beforeDeletion = (await mcpLogin('rev@example.com', 'changed-pass-1')).token;
    await t.delete(`/api/auth/tenant/users/${u.id}`, key);
    expect(await check(beforeDeletion)).toBeNull();
  });
});
