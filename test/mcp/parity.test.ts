import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/operations/index.js';
import { adminApiKey, callTool, connectHttp, startMcpService, type McpTestService } from './helpers.js';
import { PARITY_CASES, type ParityCase, type ParityEnv } from './parity-cases.js';

/** Tools that also have a REST route: both surfaces must answer the same for the same input. */
const withBoth = OPERATIONS.filter((op) => op.tool && op.rest.length > 0).map((op) => op.name);

const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('REST and MCP parity', () => {
  let s: McpTestService;
  let env: ParityEnv;
  beforeAll(async () => {
    s = await startMcpService();
    const tenant = await s.t.createTenant('Parity Co');
    await s.t.createTenant('Parity Other');
    env = { t: s.t, tenant, adminKey: await adminApiKey(s.t) };
  });
  afterAll(async () => {
    await s.close();
  });

  it('has parity cases for every tool with a REST route', () => {
    expect(withBoth.filter((name) => !PARITY_CASES[name]?.length), 'tools without a case in test/mcp/parity-cases.ts').toEqual([]);
  });

  const cases = withBoth.flatMap((name) => (PARITY_CASES[name] ?? []).map((c) => [name, c.title, c] as const));
  it.each(cases)('%s: %s', async (name, _title, c: ParityCase) => {
    await c.arrange?.(env);
    const key = c.as === 'tenant' ? env.tenant.apiKey : env.adminKey;
    const request = c.rest(env);
    const rest = await s.t.request(request.method, request.path, request.body, {
      apiKey: key,
      ...(c.selectTenant ? { tenant: env.tenant.slug } : {}),
    });

    const client: Client = await connectHttp('streamable', s.mcpBase, key);
    if (c.selectTenant) expect((await callTool(client, 'select_tenant', { tenantSlug: env.tenant.slug })).isError).toBe(false);
    const mcp = await callTool(client, name, c.args(env));
    await client.close();

    const normalize = c.normalize ?? ((x: unknown) => x);
    if (rest.body.success) {
      expect(mcp.isError, JSON.stringify(mcp.json)).toBe(false);
      expect(normalize(plain(mcp.json))).toEqual(normalize(plain(rest.body.data)));
    } else {
      expect(mcp.isError).toBe(true);
      expect({ code: mcp.json.code, message: mcp.json.message }).toEqual({ code: rest.body.error.code, message: rest.body.error.message });
    }
  });
});
