import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, connectHttp, ok, startMcpService, type McpTestService } from '../mcp/helpers.js';
import { PASSWORD, createUser } from '../users/users.helpers.js';

/**
 * A credential bound to tenant A learns nothing about whether tenant B exists: naming B (by slug or
 * id) answers exactly what naming a missing tenant answers — status and body, the name aside — on
 * every way a tenant can be named (select, X-Tenant-ID, a tool's tenantSlug), REST and MCP.
 */
describe('foreign tenant ≡ missing tenant for every tenant-bound credential', () => {
  let s: McpTestService;
  let a: { id: string; slug: string; apiKey: string };
  let b: { id: string; slug: string };
  const credentials: Record<string, { rest?: string; mcp?: string }> = {};

  beforeAll(async () => {
    s = await startMcpService();
    a = await s.t.createTenant('Oracle A');
    b = await s.t.createTenant('Oracle B');
    await createUser(s.t, a, { email: 'owner@a.example', role: 'owner' });
    const rest = await s.t.post('/api/auth/tenant/login', { email: 'owner@a.example', password: PASSWORD }, { tenant: a.slug });
    const mcp = await s.t.post('/api/auth/tenant/mcp-login', { tenantSlug: a.slug, email: 'owner@a.example', password: PASSWORD });
    credentials['tenant API key'] = { rest: a.apiKey, mcp: a.apiKey };
    credentials['tenant user session'] = { rest: rest.body.data.token as string };
    credentials['MCP user token'] = { mcp: mcp.body.data.token as string };
  });
  afterAll(async () => {
    await s.close();
  });

  /** The foreign names and the missing names they are compared with (same kind: slug with slug, id with id). */
  const pairs = () => [
    { foreign: b.slug, missing: 'oracle-c' },
    { foreign: b.id, missing: randomUUID() },
  ];
  const same = (x: unknown, name: string) => JSON.stringify(x).replaceAll(name, '<name>');

  const restProbes: Array<{ title: string; send: (token: string, name: string) => ReturnType<McpTestService['t']['get']> }> = [
    { title: 'select', send: (token, name) => s.t.post(`/api/auth/tenants/${name}/select`, {}, { apiKey: token }) },
    { title: 'X-Tenant-ID', send: (token, name) => s.t.get('/api/entities', { apiKey: token, tenant: name }) },
    {
      title: 'tenantSlug in a body',
      send: (token, name) =>
        s.t.post(
          '/api/auth/tenant/users/provision',
          { tenantSlug: name, email: 'x@x.example', password: PASSWORD, name: 'X' },
          { apiKey: token },
        ),
    },
  ];

  it('REST: same status and body', async () => {
    for (const [kind, { rest }] of Object.entries(credentials)) {
      if (!rest) continue;
      for (const probeCase of restProbes) {
        for (const { foreign, missing } of pairs()) {
          const f = await probeCase.send(rest, foreign);
          const m = await probeCase.send(rest, missing);
          const label = `${kind} / ${probeCase.title}`;
          expect(f.status, label).toBeGreaterThanOrEqual(400);
          expect({ label, status: f.status, body: same(f.body, foreign) }).toEqual({
            label,
            status: m.status,
            body: same(m.body, missing),
          });
        }
      }
    }
  });

  it('MCP: same tool result', async () => {
    for (const [kind, { mcp }] of Object.entries(credentials)) {
      if (!mcp) continue;
      const client = await connectHttp('streamable', s.mcpBase, mcp);
      try {
        expect((await ok(client, 'list_tenants')).map((t: { id: string }) => t.id)).toEqual([a.id]);
        for (const { foreign, missing } of pairs()) {
          for (const [tool, args] of [
            ['select_tenant', (name: string) => ({ tenantSlug: name })],
            ['create_user', (name: string) => ({ tenantSlug: name, email: 'x@x.example', password: PASSWORD, name: 'X' })],
          ] as const) {
            const f = await callTool(client, tool, args(foreign));
            const m = await callTool(client, tool, args(missing));
            expect(f.isError, `${kind} ${tool}`).toBe(true);
            expect({ kind, tool, answer: same(f.json, foreign) }).toEqual({ kind, tool, answer: same(m.json, missing) });
          }
        }
      } finally {
        await client.close();
      }
    }
  });
});
