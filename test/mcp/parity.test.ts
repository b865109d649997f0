import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/operations/index.js';
import { guidanceProblems } from './error-guidance.js';
import { adminApiKey, callTool, connectHttp, startMcpService, type McpTestService } from './helpers.js';
import { PARITY_CASES } from './parity-cases.js';
import { asToolWords, mask, type ParityCase, type ParityEnv, type ParityTenant } from './parity-harness.js';

/** Every key of the arguments sent, nested ones included: a message may name the one to fix. */
const keysOf = (value: unknown): string[] =>
  typeof value === 'object' && value !== null ? Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]) : [];

/** Tools that also have a REST route: both surfaces must answer the same for the same input. */
const withBoth = OPERATIONS.filter((op) => op.tool && op.rest.length > 0).map((op) => op.name);

describe('REST and MCP parity', () => {
  let s: McpTestService;
  let env: ParityEnv;
  let shared: ParityTenant;
  let twins = 0;
  const tenant = async (name: string): Promise<ParityTenant> => ({ name, ...(await s.t.createTenant(name)) });

  beforeAll(async () => {
    s = await startMcpService();
    shared = await tenant('Parity Co');
    await s.t.createTenant('Parity Other');
    env = { t: s.t, adminKey: await adminApiKey(s.t) };
  });
  afterAll(async () => {
    await s.close();
  });

  it('has parity cases for every tool with a REST route', () => {
    expect(
      withBoth.filter((name) => !PARITY_CASES[name]?.length),
      'tools without a case in test/mcp/parity-cases.ts',
    ).toEqual([]);
  });

  const cases = withBoth.flatMap((name) => (PARITY_CASES[name] ?? []).map((c) => [name, c.title, c] as const));
  it.each(cases)('%s: %s', async (name, _title, c: ParityCase) => {
    const twin = c.sides === 'twin';
    twins += 1;
    const restTenant = twin ? await tenant(`Twin ${twins} Rest`) : shared;
    const mcpTenant = twin ? await tenant(`Twin ${twins} Mcp`) : shared;
    await c.arrange?.(env, restTenant);
    if (twin) await c.arrange?.(env, mcpTenant);
    const keyOf = (tn: ParityTenant) => (c.as === 'tenant' ? tn.apiKey : env.adminKey);

    const request = c.rest(env, restTenant);
    const rest = await s.t.request(request.method, request.path, request.body, {
      apiKey: keyOf(restTenant),
      ...(c.selectTenant ? { tenant: restTenant.slug } : {}),
    });

    const client = await connectHttp('streamable', s.mcpBase, keyOf(mcpTenant));
    if (c.selectTenant) expect((await callTool(client, 'select_tenant', { tenantSlug: mcpTenant.slug })).isError).toBe(false);
    const args = c.args(env, mcpTenant);
    const mcp = await callTool(client, name, args);
    await client.close();

    expect(rest.body.success, `REST answered ${JSON.stringify(rest.body).slice(0, 300)}`).toBe(!c.refused);
    if (rest.body.success) {
      expect(mcp.isError, JSON.stringify(mcp.json)).toBe(false);
      expect(mask(mcp.json, mcpTenant)).toEqual(mask(rest.body.data, restTenant));
    } else {
      expect(mcp.isError, `REST answered ${JSON.stringify(rest.body)}`).toBe(true);
      expect(mcp.json.code).toBe(rest.body.error.code);
      const op = OPERATIONS.find((o) => o.name === name)!;
      expect(
        guidanceProblems(mcp.json.message, op, OPERATIONS, [mcpTenant.slug, ...keysOf(args)]),
        'the MCP message guides the agent',
      ).toEqual([]);
      if (c.worded) {
        expect(rest.body.error.message).toMatch(c.worded.rest);
        expect(mcp.json.message).toMatch(c.worded.mcp);
      } else {
        const message = (text: string, tn: ParityTenant) => mask(asToolWords(text, OPERATIONS), tn);
        expect(message(mcp.json.message, mcpTenant)).toEqual(message(rest.body.error.message, restTenant));
      }
    }
  });
});
