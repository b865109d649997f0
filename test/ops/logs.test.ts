import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMcpHttpApp } from '../../src/transports/mcp/http.js';
import type { FastifyInstance } from 'fastify';
import { createTestApp, ADMIN_EMAIL, ADMIN_PASSWORD, type TestApp } from '../helpers/app.js';
import { captureLogs, type LogLine } from '../helpers/log-capture.js';
import { seedPublishedEntity } from '../helpers/seed-entity.js';

const DEBUG = 20;
const INFO = 30;
const WARN = 40;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * One structured logger for both ports (docs/operations.md "Logs"): every line a request causes
 * carries its id, request lines are at debug, every answer says its id in X-Request-Id, and no
 * credential reaches a line.
 */
describe('logs and request ids', () => {
  const log = captureLogs('debug');
  let t: TestApp;
  let mcp: FastifyInstance;
  let tenant: { id: string; slug: string; apiKey: string };
  const linesOf = (reqId: string) => log.lines.filter((l) => l.reqId === reqId);

  beforeAll(async () => {
    // An LLM endpoint nothing listens on: rule generation logs its failure from domain code.
    t = await createTestApp({ LOG_LEVEL: 'debug', LLM_URL: 'http://127.0.0.1:1/v1', LLM_TIMEOUT_MS: '5000' }, { logger: log.logger });
    mcp = await buildMcpHttpApp({ db: t.db, config: t.config, services: t.services, logger: log.logger });
    tenant = await t.createTenant('Log Shop');
    await seedPublishedEntity(t, tenant.id, 'facturas', [{ fieldKey: 'precio', fieldType: 'number' }]);
  });
  afterAll(async () => {
    await mcp.close();
    await t.close();
  });

  it('keeps a well-formed incoming X-Request-Id, answers it, and tags the request lines (at debug) with it', async () => {
    const res = await t.get('/api/health', { headers: { 'x-request-id': 'trace-abc.123:x' } });
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('trace-abc.123:x');
    const lines = linesOf('trace-abc.123:x');
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    for (const line of lines) expect(line.level).toBe(DEBUG);
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['with spaces', 'two words'],
    ['with a newline escape', 'x\\ny'],
    ['empty', ''],
  ])('replaces an incoming id %s by a generated one', async (_case, given) => {
    const res = await t.get('/api/health', { headers: { 'x-request-id': given } });
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(UUID);
    expect(linesOf(id).length).toBeGreaterThan(0);
    expect(log.lines.some((l) => l.reqId === given)).toBe(false);
  });

  it('answers errors with X-Request-Id, the envelope as the contract shapes it', async () => {
    const res = await t.get('/api/auth/me', { token: 'not-a-token' });
    expect(res.status).toBe(401);
    expect(res.headers['x-request-id']).toMatch(UUID);
    expect(res.body).toEqual({ success: false, error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
    const missing = await t.get('/api/no-such-route');
    expect(missing.status).toBe(404);
    expect(missing.headers['x-request-id']).toMatch(UUID);
    const malformed = await t.post('/api/auth/login', '{"email":', { headers: { 'x-request-id': 'bad-json-1' } });
    expect(malformed.status).toBe(400);
    expect(malformed.headers['x-request-id']).toBe('bad-json-1');
    // Nothing was written by the refused requests: still one administrator, no session.
    const [admins] = await t.db.query<{ n: number }>('select count(*)::int as n from admins');
    expect(admins!.n).toBe(1);
  });

  it("tags a domain module's line with the id of the request that caused it", async () => {
    const res = await t.post(
      '/api/entities/facturas/rules/generate',
      { description: 'precio must be greater than 0' },
      { apiKey: tenant.apiKey, headers: { 'x-request-id': 'rule-gen-1' } },
    );
    expect(res.headers['x-request-id']).toBe('rule-gen-1');
    const warned = linesOf('rule-gen-1').find((l) => l.level === WARN);
    expect(warned?.msg).toMatch(/language model endpoint \(LLM_URL\) failed/);
  });

  it('logs the MCP port the same way: request lines at debug with the id, answered in X-Request-Id', async () => {
    const res = await mcp.inject({
      method: 'POST',
      url: '/mcp',
      headers: {
        host: 'localhost:3002',
        authorization: `Bearer ${tenant.apiKey}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'x-request-id': 'mcp-init-1',
      },
      payload: {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'logs-test', version: '1' } },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('mcp-init-1');
    const lines = linesOf('mcp-init-1');
    expect(lines.map((l) => l.msg)).toContain('incoming request');
    for (const line of lines) expect(line.level).toBe(DEBUG);
    const refused = await mcp.inject({ method: 'POST', url: '/mcp', headers: { host: 'evil.example' }, payload: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['x-request-id']).toMatch(UUID);
  });

  it('writes no request line at info, and no credential in any line', async () => {
    const before = log.lines.length;
    const login = await t.post(
      '/api/auth/login',
      { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      { headers: { cookie: 'tb_admin=secret-cookie' } },
    );
    const token = login.body.data.token as string;
    await t.get('/api/auth/me', { token });
    await t.get('/api/auth/tenants', { apiKey: tenant.apiKey });
    const written = JSON.stringify(log.lines.slice(before));
    for (const secret of [ADMIN_PASSWORD, token, tenant.apiKey, 'secret-cookie']) expect(written).not.toContain(secret);
    const requestLines = log.lines.filter((l: LogLine) => l.msg === 'incoming request' || l.msg === 'request completed');
    expect(requestLines.every((l) => l.level === DEBUG)).toBe(true);
    expect(log.lines.filter((l) => l.level === INFO && l.reqId !== undefined)).toEqual([]);
  });

  it('redacts credentials and passwords wherever a line carries them', () => {
    log.logger.info(
      {
        req: { headers: { authorization: 'Bearer tbk_x', 'x-api-key': 'tbk_y', cookie: 'tb_admin=z' } },
        password: 'p',
        user: { password: 'q' },
      },
      'redaction probe',
    );
    const probe = log.lines.find((l) => l.msg === 'redaction probe')!;
    expect(JSON.stringify(probe)).not.toMatch(/tbk_x|tbk_y|tb_admin=z|"p"|"q"/);
    expect(probe).toMatchObject({ password: '[redacted]', user: { password: '[redacted]' } });
  });
});
