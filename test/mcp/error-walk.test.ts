import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/operations/index.js';
import { groupedTools } from '../../src/transports/mcp/grouped.js';
import { guidanceProblems } from './error-guidance.js';
import { WALK_CASES, type WalkEnv } from './error-walk.cases.js';
import { adminApiKey, callTool, connectHttp, ok, startMcpService, type McpTestService } from './helpers.js';

/**
 * Errors that tell an agent the next step (docs/mcp.md "Answers and errors"): every error code of
 * every tool family, each answered with its code and a message that names the tool or argument to
 * fix or the tool to call next — and names nothing that does not exist.
 */
describe('the error walk over every tool family', () => {
  let s: McpTestService;
  let env: WalkEnv;
  let count = 0;

  beforeAll(async () => {
    s = await startMcpService();
    const tenant = await s.t.createTenant('Walk Co');
    const other = await s.t.createTenant('Walk Other');
    const owner = await connectHttp('streamable', s.mcpBase, tenant.apiKey);
    await ok(owner, 'generate_entity', {
      definition: {
        entity: { name: 'walk_items' },
        fields: [
          { name: 'Nombre', fieldKey: 'nombre', fieldType: 'text', isRequired: true },
          { name: 'Código', fieldKey: 'codigo', fieldType: 'text', isUnique: true },
        ],
      },
      auto_publish: true,
      version_message: 'walk',
    });
    const session = async (role: string) => {
      const email = `${role}@walk.example`;
      await ok(owner, 'create_user', { tenantSlug: tenant.slug, email, password: 'walk-password-1', name: role, role });
      const { token } = await ok(owner, 'tenant_login', { tenantSlug: tenant.slug, email, password: 'walk-password-1' });
      return connectHttp('streamable', s.mcpBase, token as string);
    };
    env = {
      t: s.t,
      tenant,
      other,
      owner,
      unselected: await connectHttp('streamable', s.mcpBase, await adminApiKey(s.t)),
      viewer: await session('viewer'),
      member: await session('member'),
      n: '0',
    };
  });
  afterAll(async () => {
    for (const c of [env.owner, env.unselected, env.viewer, env.member]) await c.close();
    await s.close();
  });

  it('has cases for every tool family, and each names tools that exist', () => {
    const families = groupedTools(OPERATIONS).map((g) => g.definition.name);
    expect(
      families.filter((f) => !WALK_CASES[f]?.length),
      'families without cases in error-walk.cases.ts',
    ).toEqual([]);
    const tools = new Set(OPERATIONS.filter((op) => op.tool).map((op) => op.name));
    for (const c of Object.values(WALK_CASES).flat()) expect(tools.has(c.tool), c.tool).toBe(true);
  });

  const cases = Object.entries(WALK_CASES).flatMap(([family, list]) => list.map((c) => [family, c.code, c.title, c] as const));
  it.each(cases)('%s: %s (%s)', async (_family, code, _title, c) => {
    count += 1;
    const e = { ...env, n: String(count) };
    await c.arrange?.(e);
    const args = c.args(e);
    const answer = await callTool(e[c.as ?? 'owner'], c.tool, args);
    // Each message is also worded for MCP: no REST header or route in it.
    expect(answer.json.message).not.toMatch(/X-Tenant-ID|X-API-Key|\b(GET|POST|PUT|PATCH|DELETE) \/api/);
    expect(answer.isError, JSON.stringify(answer.json)).toBe(true);
    expect(answer.json.code, answer.json.message).toBe(code);
    const op = OPERATIONS.find((o) => o.name === c.tool)!;
    const keys = (v: unknown): string[] =>
      typeof v === 'string' ? [v] : typeof v === 'object' && v !== null ? Object.entries(v).flatMap(([k, x]) => [k, ...keys(x)]) : [];
    expect(guidanceProblems(answer.json.message, op, OPERATIONS, keys(args)), 'the message guides the agent').toEqual([]);
    if (c.names) expect(answer.json.message).toContain(c.names);
  });
});
