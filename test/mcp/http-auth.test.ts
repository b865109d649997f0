import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHttp, ok, startMcpService, type McpTestService } from './helpers.js';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

describe('MCP HTTP authorization', () => {
  let s: McpTestService;
  let tenant: { id: string; slug: string; token: string; apiKey: string };
  const metadataUrl = 'http://localhost:3002/.well-known/oauth-protected-resource/mcp';

  const post = (path: string, headers: Record<string, string> = {}, body: unknown = INITIALIZE) =>
    fetch(`${s.mcpBase}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(body),
    });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    s = await startMcpService();
    tenant = await s.t.createTenant('Auth Co');
  });
  afterAll(async () => {
    await s.close();
  });

  it('serves health and the protected-resource metadata without credentials', async () => {
    const health = await fetch(`${s.mcpBase}/mcp/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', profile: 'all' });
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
      const res = await fetch(`${s.mcpBase}${path}`);
      expect(await res.json()).toMatchObject({ resource: 'http://localhost:3002/mcp', bearer_methods_supported: ['header'] });
    }
  });

  it('answers 401 with WWW-Authenticate naming the metadata when no credential is sent', async () => {
    for (const [method, path] of [
      ['POST', '/mcp'],
      ['GET', '/mcp'],
      ['DELETE', '/mcp'],
      ['GET', '/sse'],
      ['POST', '/messages?sessionId=x'],
    ] as const) {
      const res = await fetch(`${s.mcpBase}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${metadataUrl}"`);
    }
  });

  it('refuses unknown, revoked and REST admin tokens with invalid_token', async () => {
    const unknown = await post('/mcp', bearer('tbk_not-a-real-key'));
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token", error_description=".+", resource_metadata="/);

    const adminToken = await s.t.adminToken();
    const admin = await post('/mcp', bearer(adminToken));
    expect(admin.status).toBe(401);
    expect(admin.headers.get('www-authenticate')).toMatch(/REST admin tokens are not accepted/);
    await expect(connectHttp('streamable', s.mcpBase, adminToken)).rejects.toThrow();
    await expect(connectHttp('sse', s.mcpBase, adminToken)).rejects.toThrow();
    // A tenant-selected admin token is refused too: no passthrough of REST credentials.
    expect((await post('/mcp', bearer(tenant.token))).status).toBe(401);

    const key = await s.t.post('/api/auth/api-keys', { name: 'short-lived' }, { token: tenant.token });
    const client = await connectHttp('streamable', s.mcpBase, key.body.data.key);
    await ok(client, 'list_tenants');
    await s.t.delete(`/api/auth/api-keys/${key.body.data.id}`, { token: tenant.token });
    await expect(client.callTool({ name: 'list_tenants', arguments: {} })).rejects.toThrow(/UNAUTHORIZED.*revoked/);
    await client.close();
  });

  it('refuses credentials in the query string, even valid ones', async () => {
    for (const param of ['access_token', 'token', 'api_key']) {
      const res = await post(`/mcp?${param}=${tenant.apiKey}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as any).error.message).toMatch(/query string/);
    }
    const sse = await fetch(`${s.mcpBase}/sse?access_token=${tenant.apiKey}`);
    expect(sse.status).toBe(400);
  });

  it('validates Host and Origin against DNS rebinding', async () => {
    const { request } = await import('node:http');
    const answer = (headers: Record<string, string>, path = '/mcp', method = 'POST') =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const url = new URL(`${s.mcpBase}/mcp`);
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            path,
            method,
            headers: {
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
              ...bearer(tenant.apiKey),
              ...headers,
            },
          },
          (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
            if (method === 'GET' && res.statusCode === 200) res.destroy();
          },
        );
        req.on('error', reject);
        req.end(method === 'POST' ? JSON.stringify(INITIALIZE) : undefined);
      });
    const status = async (headers: Record<string, string>) => (await answer(headers)).status;
    // The SDK's host check (hostHeaderValidation), answered with our hint, on every MCP route.
    const refused = await answer({ host: 'evil.example:3002' });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).error.message).toMatch(/Invalid Host: evil\.example.*DNS-rebinding.*MCP_SERVER_URL/);
    expect((await answer({ host: 'evil.example' }, '/sse', 'GET')).status).toBe(403);
    expect((await answer({ host: 'localhost', origin: 'http://evil.example' }, '/sse', 'GET')).status).toBe(403);
    expect((await answer({ host: 'evil.example' }, '/messages?sessionId=x')).status).toBe(403);
    expect(await status({ host: 'evil.example:3002' })).toBe(403);
    expect(await status({ host: 'localhost:3002', origin: 'http://evil.example' })).toBe(403);
    expect(await status({ host: 'localhost:3002', origin: 'null' })).toBe(403);
    expect(await status({ host: 'localhost:3002', origin: 'http://localhost:6274' })).toBe(200);
    expect(await status({ host: `127.0.0.1:${new URL(s.mcpBase).port}` })).toBe(200);
  });

  it('keeps a session to the credential that opened it', async () => {
    const other = await s.t.createTenant('Intruder Co');
    const opened = await post('/mcp', bearer(tenant.apiKey));
    expect(opened.status).toBe(200);
    const sessionId = opened.headers.get('mcp-session-id')!;
    expect(sessionId).toBeTruthy();
    const list = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };
    const hijack = await post('/mcp', { ...bearer(other.apiKey), 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' }, list);
    expect(hijack.status).toBe(403);
    const unknown = await post('/mcp', { ...bearer(tenant.apiKey), 'mcp-session-id': 'no-such-session' }, list);
    expect(unknown.status).toBe(404);
    const noSession = await post('/mcp', bearer(tenant.apiKey), list);
    expect(noSession.status).toBe(400);
  });

  it('closes Streamable HTTP sessions left idle for 30 minutes', async () => {
    const list = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };
    const opened = await post('/mcp', bearer(tenant.apiKey));
    const sessionId = opened.headers.get('mcp-session-id')!;
    const headers = { ...bearer(tenant.apiKey), 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' };
    expect((await post('/mcp', headers, list)).status).toBe(200);
    s.t.clock.advance(29 * 60 * 1000);
    expect((await post('/mcp', bearer(tenant.apiKey))).status).toBe(200);
    expect((await post('/mcp', headers, list)).status).toBe(200);
    s.t.clock.advance(31 * 60 * 1000);
    expect((await post('/mcp', bearer(tenant.apiKey))).status).toBe(200);
    expect((await post('/mcp', headers, list)).status).toBe(404);
  });
});
