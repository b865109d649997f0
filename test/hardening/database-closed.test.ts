import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, connectHttp, ok, startMcpService, type McpTestService } from '../mcp/helpers.js';
import { createEntity } from '../entities/helpers.js';

/**
 * A database the service can no longer use — here closed under it, which both engines can do (a
 * PostgreSQL server going away is test/hardening/database-outage.test.ts) — answers 503
 * SERVICE_UNAVAILABLE with `Retry-After` in the envelope, on REST and MCP, and /api/health says so.
 */
describe('a database that is gone', () => {
  let s: McpTestService;
  let client: Client;
  let tenant: { apiKey: string };

  beforeAll(async () => {
    s = await startMcpService();
    tenant = await s.t.createTenant('Gone Co');
    await createEntity(s.t, { apiKey: tenant.apiKey }, 'notes', { publish: true });
    client = await connectHttp('streamable', s.mcpBase, tenant.apiKey);
    await ok(client, 'list_entities'); // the key is known (and cached) before the database goes
    await s.t.db.close();
  });
  afterAll(async () => {
    await client?.close();
    await s?.close();
  });

  const unavailable = {
    success: false,
    error: { code: 'SERVICE_UNAVAILABLE', message: 'The database is unavailable right now; try again in a few seconds' },
  };

  it.each([
    ['GET', '/api/health', undefined],
    ['GET', '/api/entities/notes/records', undefined],
    ['POST', '/api/entities/notes/records', { title: 'lost?' }],
    ['POST', '/api/auth/login', { email: 'someone@example.com', password: 'password-1' }],
  ] as const)('%s %s → 503 SERVICE_UNAVAILABLE with Retry-After', async (method, path, body) => {
    const res = await s.t.request(method, path, body, { apiKey: tenant.apiKey });
    expect(res.status).toBe(503);
    expect(res.body).toEqual(unavailable);
    expect(res.headers['retry-after']).toBe('5');
  });

  it('an MCP tool answers isError with the same code and message', async () => {
    const answer = await callTool(client, 'query_records', { entityName: 'notes' });
    expect(answer.isError).toBe(true);
    expect(answer.json).toEqual(unavailable.error);
  });
});
