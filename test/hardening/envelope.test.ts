import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpService, type McpTestService } from '../mcp/helpers.js';

/** Sends raw bytes to a listening port and answers the status and parsed JSON body of the reply. */
function rawRequest(base: string, text: string): Promise<{ status: number; contentType: string; body: any }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]);
      const contentType = /content-type: ([^\r\n]+)/i.exec(head)?.[1] ?? '';
      let body: unknown = rest.join('\r\n\r\n');
      try {
        body = JSON.parse(body as string);
      } catch {
        // left as text: the assertion shows it
      }
      resolve({ status, contentType, body });
    });
  });
}

const envelope = (code: string) => ({ success: false, error: { code, message: expect.any(String) } });
const withDetails = (code: string) => ({ success: false, error: expect.objectContaining({ code, message: expect.any(String) }) });

/**
 * Answers the framework or Node would give in their own format — an over-long path segment (414),
 * oversized headers (431), an unparsable request, an incomplete CORS preflight — are the envelope,
 * on the API port and on the MCP port.
 */
describe('every error answer is the envelope, on both ports', () => {
  let s: McpTestService;
  let apiBase: string;

  beforeAll(async () => {
    s = await startMcpService();
    apiBase = s.apiUrl.replace(/\/api$/, '');
  });
  afterAll(async () => {
    await s.close();
  });

  it('a path segment over the router limit → 414 URI_TOO_LONG', async () => {
    const res = await s.t.get(`/api/entities/${'a'.repeat(500)}/records`);
    expect(res.status).toBe(414);
    expect(res.body).toEqual(envelope('URI_TOO_LONG'));
  });

  it('oversized headers → 431 HEADERS_TOO_LARGE (API and MCP ports)', async () => {
    for (const base of [apiBase, s.mcpBase]) {
      const res = await rawRequest(base, `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
      expect(res.status).toBe(431);
      expect(res.contentType).toMatch(/application\/json/);
      expect(res.body).toEqual(envelope('HEADERS_TOO_LARGE'));
    }
  });

  it('an unparsable request (NUL in a header) → 400 VALIDATION_ERROR (API and MCP ports)', async () => {
    for (const base of [apiBase, s.mcpBase]) {
      const res = await rawRequest(base, `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Tenant-ID: a\u0000b\r\n\r\n`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(envelope('VALIDATION_ERROR'));
    }
  });

  it('an incomplete CORS preflight → 400 VALIDATION_ERROR naming the missing header', async () => {
    const noMethod = await s.t.request('OPTIONS', '/api/auth/tenants', undefined, { headers: { origin: 'https://app.example' } });
    expect(noMethod.status).toBe(400);
    expect(noMethod.body).toEqual(withDetails('VALIDATION_ERROR'));
    expect(noMethod.body.error.details).toEqual([{ field: 'Access-Control-Request-Method header', message: 'missing' }]);
    const bare = await s.t.request('OPTIONS', '/api/entities');
    expect(bare.status).toBe(400);
    expect(bare.body.error.details.map((d: { field: string }) => d.field)).toEqual([
      'Origin header',
      'Access-Control-Request-Method header',
    ]);
  });

  it('the MCP port: unknown routes, malformed JSON and long paths answer the envelope', async () => {
    const call = async (method: string, path: string, body?: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${s.mcpBase}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
      return { status: res.status, body: await res.json() };
    };
    expect(await call('GET', '/nowhere')).toEqual({ status: 404, body: envelope('NOT_FOUND') });
    expect(await call('GET', '/%E0%A4%A')).toEqual({ status: 400, body: envelope('VALIDATION_ERROR') });
    const auth = { authorization: 'Bearer tbk_unknown', 'content-type': 'application/json' };
    // Credentials are checked before the body is read: an invalid one is the MCP protocol's 401.
    expect((await call('POST', '/mcp', '{"jsonrpc":', auth)).status).toBe(401);
    // Fastify parses the body before the route: malformed JSON answers the envelope, not a framework 400.
    expect(await call('POST', '/health-nowhere', '{"a":', { 'content-type': 'application/json' })).toEqual({
      status: 400,
      body: envelope('VALIDATION_ERROR'),
    });
    const tenant = await s.t.createTenant('Envelope Co');
    const valid = {
      authorization: `Bearer ${tenant.apiKey}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    expect(await call('POST', '/mcp', '{"jsonrpc":', valid)).toEqual({ status: 400, body: envelope('VALIDATION_ERROR') });
    expect(await call('GET', `/mcp/${'x'.repeat(500)}`)).toEqual({ status: 404, body: envelope('NOT_FOUND') });
  });
});
