import { ClientCredentialsProvider } from '@modelcontextprotocol/sdk/client/auth-extensions.js';
import { fetchToken } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKOUT_AFTER_FAILURES } from '../../src/domain/bots/lockout.js';
import { seedPublishedEntity } from '../helpers/seed-entity.js';
import { connectHttp, ok, startMcpService, type McpTestService } from '../mcp/helpers.js';
import { botRow, countBots, registerBot, type RegisteredBot, type Tenant } from './bots.helpers.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** POST /api/oauth/token: RFC 6749 client credentials for bots. */
describe('OAuth 2.0 client credentials token endpoint', () => {
  let s: McpTestService;
  let acme: Tenant;
  let bot: RegisteredBot;
  beforeAll(async () => {
    s = await startMcpService();
    acme = await s.t.createTenant('Acme OAuth');
    await seedPublishedEntity(s.t, acme.id, 'invoices', [{ fieldKey: 'total', fieldType: 'number' }]);
    bot = await registerBot(s.t, acme, { name: 'oauth-bot', role: 'viewer' });
  });
  afterAll(async () => {
    await s.close();
  });

  const token = (body: string | Record<string, unknown>, headers: Record<string, string> = FORM) =>
    s.t.request('POST', '/api/oauth/token', typeof body === 'string' ? body : JSON.stringify(body), { headers });

  it('answers an RFC 6749 token for client_secret_post, usable on REST and MCP', async () => {
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: bot.id, client_secret: bot.secret });
    const res = await token(form.toString());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600 });
    expect(res.headers['cache-control']).toBe('no-store');
    const access = res.body.access_token as string;
    expect((await s.t.get('/api/entities/invoices/records', { token: access })).status).toBe(200);
    const client = await connectHttp('streamable', s.mcpBase, access);
    expect((await ok(client, 'whoami_bot')).bot.id).toBe(bot.id);
    await client.close();
  });

  it('takes HTTP Basic client authentication, the bot name as client_id, and a JSON body', async () => {
    const viaBasic = await token('grant_type=client_credentials', { ...FORM, authorization: basic(bot.id, bot.secret) });
    expect(viaBasic.status).toBe(200);
    const byName = await token(`grant_type=client_credentials&scope=anything`, { ...FORM, authorization: basic('oauth-bot', bot.secret) });
    expect(byName.status).toBe(200);
    const json = await token({ grant_type: 'client_credentials', client_id: bot.id, client_secret: bot.secret }, {});
    expect(json.status).toBe(200);
  });

  it.each(['client_secret_basic', 'client_secret_post'])('works with the MCP SDK client credentials provider (%s)', async (method) => {
    const api = new URL(s.apiUrl).origin;
    const metadata: OAuthMetadata = {
      issuer: api,
      authorization_endpoint: `${api}/api/oauth/authorize`,
      token_endpoint: `${api}/api/oauth/token`,
      response_types_supported: [],
      grant_types_supported: ['client_credentials'],
      token_endpoint_auth_methods_supported: [method],
    };
    const provider = new ClientCredentialsProvider({ clientId: bot.id, clientSecret: bot.secret, expectedIssuer: api });
    const tokens = await fetchToken(provider, api, { metadata });
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(tokens.refresh_token).toBeUndefined();
    const client = await connectHttp('sse', s.mcpBase, tokens.access_token);
    expect((await ok(client, 'whoami_bot')).bot.name).toBe('oauth-bot');
    await client.close();
  });

  it.each([
    ['no grant_type', `client_id=${'x'}&client_secret=y`, {}, 400, 'invalid_request'],
    ['another grant type', 'grant_type=password&username=a&password=b', {}, 400, 'unsupported_grant_type'],
    ['a repeated parameter', 'grant_type=client_credentials&grant_type=client_credentials', {}, 400, 'invalid_request'],
    ['no client credentials', 'grant_type=client_credentials', {}, 401, 'invalid_client'],
    ['malformed Basic credentials', 'grant_type=client_credentials', { authorization: 'Basic !!!' }, 401, 'invalid_client'],
    [
      'Basic credentials without a colon',
      'grant_type=client_credentials',
      { authorization: `Basic ${btoa('nocolon')}` },
      401,
      'invalid_client',
    ],
  ])('refuses %s', async (_case, body, headers, status, error) => {
    const before = await botRow(s.t, bot.id);
    const res = await token(body, { ...FORM, ...headers });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error, error_description: expect.any(String) });
    if (status === 401) expect(res.headers['www-authenticate']).toMatch(/^Basic realm=/);
    expect(await botRow(s.t, bot.id)).toEqual(before);
  });

  it('refuses two client authentication methods at once, and a body that is not a form or JSON', async () => {
    const before = await botRow(s.t, bot.id);
    const both = await token(`grant_type=client_credentials&client_secret=${bot.secret}`, {
      ...FORM,
      authorization: basic(bot.id, bot.secret),
    });
    expect([both.status, both.body.error]).toEqual([400, 'invalid_request']);
    const text = await token('grant_type=client_credentials', { 'content-type': 'text/plain' });
    expect([text.status, text.body.error]).toEqual([400, 'invalid_request']);
    expect(await botRow(s.t, bot.id)).toEqual(before);
  });

  it('answers invalid_client for a wrong secret or unknown bot, and locks after repeated failures (429, Retry-After)', async () => {
    const target = await registerBot(s.t, acme, { name: 'oauth-locked' });
    const wrong = `${target.secret.slice(0, -1)}${target.secret.endsWith('A') ? 'B' : 'A'}`;
    const unknown = await token(`grant_type=client_credentials&client_id=nobody&client_secret=${target.secret}`);
    expect([unknown.status, unknown.body.error]).toEqual([401, 'invalid_client']);
    for (let i = 0; i < LOCKOUT_AFTER_FAILURES; i++) {
      const res = await token('grant_type=client_credentials', { ...FORM, authorization: basic(target.id, wrong) });
      expect([res.status, res.body.error]).toEqual([401, 'invalid_client']);
    }
    const locked = await token('grant_type=client_credentials', { ...FORM, authorization: basic(target.id, target.secret) });
    expect([locked.status, locked.body.error]).toEqual([429, 'invalid_client']);
    expect(Number(locked.headers['retry-after'])).toBe(60);
  });

  it('keeps the form parser to this route: other routes still refuse form bodies in the envelope', async () => {
    const before = await countBots(s.t);
    const res = await s.t.request('POST', '/api/bots', 'name=form-bot', { apiKey: acme.apiKey, headers: FORM });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    expect(await countBots(s.t)).toBe(before);
  });
});
