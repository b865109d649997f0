import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKOUT_AFTER_FAILURES } from '../../src/domain/bots/lockout.js';
import { seedPublishedEntity } from '../helpers/seed-entity.js';
import { callTool, connectHttp, ok, startMcpService, type McpTestService, type TransportKind } from '../mcp/helpers.js';
import { botWithToken, countBots, type Tenant } from './bots.helpers.js';

/** Every bot tool over MCP, and bot tokens on both MCP HTTP transports. */
describe('bots over MCP', () => {
  let s: McpTestService;
  let acme: Tenant;
  let other: Tenant;
  beforeAll(async () => {
    s = await startMcpService();
    acme = await s.t.createTenant('Acme Mcp Bots');
    other = await s.t.createTenant('Other Mcp Bots');
    await seedPublishedEntity(s.t, acme.id, 'invoices', [{ fieldKey: 'total', fieldType: 'number' }]);
  });
  afterAll(async () => {
    await s.close();
  });

  it('register_bot, list_bots, identify_bot, reset_bot_secret and revoke_bot work as tools of a tenant-key session', async () => {
    const client = await connectHttp('streamable', s.mcpBase, acme.apiKey);
    const registered = await ok(client, 'register_bot', {
      name: 'mcp-bot',
      role: 'viewer',
      permissions: { entities: { invoices: ['read'] } },
    });
    expect(registered).toMatchObject({ name: 'mcp-bot', role: 'viewer', status: 'active' });
    expect(registered.secret_key).toMatch(/^tbot_/);
    const listed = await ok(client, 'list_bots');
    expect(listed.map((b: { name: string }) => b.name)).toContain('mcp-bot');
    expect(JSON.stringify(listed)).not.toContain('tbot_');

    const identified = await ok(client, 'identify_bot', { bot_id: registered.bot_id, secret: registered.secret_key });
    expect(identified).toMatchObject({ expiresIn: 3600, bot: { id: registered.bot_id, tenantId: acme.id } });

    const reset = await ok(client, 'reset_bot_secret', { bot_id: 'mcp-bot' });
    expect(reset).toMatchObject({ bot_id: registered.bot_id, tokensRevoked: true });
    const stale = await callTool(client, 'identify_bot', { name: 'mcp-bot', secret_key: registered.secret_key });
    expect([stale.isError, stale.json]).toEqual([true, { code: 'UNAUTHORIZED', message: 'Invalid bot id or secret' }]);

    expect(await ok(client, 'revoke_bot', { name: 'mcp-bot' })).toEqual({ bot_id: registered.bot_id, revoked: true });
    const twice = await callTool(client, 'revoke_bot', { bot_id: registered.bot_id });
    expect([twice.isError, twice.json.code]).toEqual([true, 'NOT_FOUND']);
    await client.close();
  });

  it('a locked bot: identify_bot names reset_bot_secret, and resetting ends the lockout', async () => {
    const client = await connectHttp('streamable', s.mcpBase, acme.apiKey);
    const bot = await ok(client, 'register_bot', { name: 'locked-mcp-bot' });
    const wrong = `${(bot.secret_key as string).slice(0, -1)}${(bot.secret_key as string).endsWith('A') ? 'B' : 'A'}`;
    for (let i = 0; i < LOCKOUT_AFTER_FAILURES; i++) await callTool(client, 'identify_bot', { bot_id: bot.bot_id, secret_key: wrong });
    const locked = await callTool(client, 'identify_bot', { bot_id: bot.bot_id, secret_key: bot.secret_key });
    expect([locked.isError, locked.json.code]).toEqual([true, 'RATE_LIMITED']);
    expect(locked.json.message).toContain('reset_bot_secret');
    const reset = await ok(client, 'reset_bot_secret', { bot_id: bot.bot_id });
    expect(await ok(client, 'identify_bot', { bot_id: bot.bot_id, secret_key: reset.secret_key })).toMatchObject({ expiresIn: 3600 });
    await client.close();
  });

  it('refuses bad tool input with isError and writes nothing', async () => {
    const client = await connectHttp('streamable', s.mcpBase, acme.apiKey);
    const before = await countBots(s.t);
    for (const args of [{ name: 'wild', permissions: { entities: { '*': ['read'] } } }, { name: 'x', role: 'owner' }, {}]) {
      const res = await callTool(client, 'register_bot', args);
      expect([res.isError, res.json.code], JSON.stringify(args)).toEqual([true, 'VALIDATION_ERROR']);
    }
    const noSecret = await callTool(client, 'identify_bot', { bot_id: 'anything' });
    expect([noSecret.isError, noSecret.json.code]).toEqual([true, 'VALIDATION_ERROR']);
    expect(await countBots(s.t)).toBe(before);
    await client.close();
  });

  it.each<TransportKind>(['streamable', 'sse'])('a bot token opens %s sessions in its own tenant, within its rights', async (kind) => {
    const bot = await botWithToken(s.t, acme, { name: `reader-${kind}`, role: 'viewer' });
    const client = await connectHttp(kind, s.mcpBase, bot.token);
    const me = await ok(client, 'whoami_bot');
    expect(me).toMatchObject({
      bot: { id: bot.id, name: `reader-${kind}` },
      tenant: { id: acme.id },
      effectivePermissions: { role: 'viewer' },
    });
    expect(me.effectivePermissions.records.invoices).toEqual(['read']);
    expect((await ok(client, 'list_tenants')).map((tn: { id: string }) => tn.id)).toEqual([acme.id]);
    expect(await ok(client, 'query_records', { entityName: 'invoices' })).toMatchObject({ data: [] });
    const write = await callTool(client, 'create_record', { entityName: 'invoices', data: { total: 1 } });
    expect([write.isError, write.json.code]).toEqual([true, 'FORBIDDEN']);
    const manage = await callTool(client, 'list_bots');
    expect([manage.isError, manage.json.code]).toEqual([true, 'FORBIDDEN']);
    // Like a tenant key, a bot is limited to its own tenant.
    const elsewhere = await callTool(client, 'select_tenant', { tenantSlug: other.slug });
    // Another tenant answers as a missing one (foreign ≡ missing, docs/security.md).
    expect([elsewhere.isError, elsewhere.json.code]).toEqual([true, 'NOT_FOUND']);
    await client.close();
  });

  it.each<TransportKind>(['streamable', 'sse'])('revoke_bot ends an open %s session on its next request', async (kind) => {
    const bot = await botWithToken(s.t, acme, { name: `revoked-${kind}` });
    const client = await connectHttp(kind, s.mcpBase, bot.token);
    await ok(client, 'whoami_bot');
    expect((await s.t.delete(`/api/bots/${bot.id}`, { apiKey: acme.apiKey })).status).toBe(200);
    await expect(client.callTool({ name: 'whoami_bot', arguments: {} })).rejects.toThrow(/401|UNAUTHORIZED|Unauthorized/);
    await expect(connectHttp(kind, s.mcpBase, bot.token)).rejects.toThrow();
    await client.close().catch(() => undefined);
  });

  it('reset_bot_secret ends an open session of an older token on its next request', async () => {
    const bot = await botWithToken(s.t, acme, { name: 'rotated-mcp' });
    const client = await connectHttp('streamable', s.mcpBase, bot.token);
    await ok(client, 'whoami_bot');
    expect((await s.t.post(`/api/bots/${bot.id}/reset-secret`, undefined, { apiKey: acme.apiKey })).status).toBe(200);
    await expect(client.callTool({ name: 'whoami_bot', arguments: {} })).rejects.toThrow(/401|UNAUTHORIZED|Unauthorized/);
    await client.close().catch(() => undefined);
  });
});
