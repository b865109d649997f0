import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPublishedEntity } from '../helpers/seed-entity.js';
import { adminApiKey, connectHttp, connectStdio, ok, startMcpService, type McpTestService } from './helpers.js';

/**
 * Sessions of two tenants running at once over stdio and both HTTP transports, including sessions of
 * the SAME admin key that selected different tenants: each answer shows only its tenant's data.
 */
describe('concurrent MCP sessions of two tenants', () => {
  let s: McpTestService;
  let a: { id: string; slug: string; apiKey: string };
  let b: { id: string; slug: string; apiKey: string };
  let adminKey: string;
  beforeAll(async () => {
    s = await startMcpService();
    a = await s.t.createTenant('Alpha');
    b = await s.t.createTenant('Beta');
    adminKey = await adminApiKey(s.t);
    await seedPublishedEntity(s.t, a.id, 'alpha_only', [{ fieldKey: 'x', fieldType: 'text' }]);
    await seedPublishedEntity(s.t, b.id, 'beta_only', [{ fieldKey: 'y', fieldType: 'number' }]);
  });
  afterAll(async () => {
    await s.close();
  });

  it("never shows one tenant the other tenant's data or selection", async () => {
    const sessions = await Promise.all([
      connectHttp('streamable', s.mcpBase, a.apiKey).then((client) => ({ client, tenant: 'alpha' })),
      connectHttp('sse', s.mcpBase, b.apiKey).then((client) => ({ client, tenant: 'beta' })),
      connectHttp('streamable', s.mcpBase, adminKey).then((client) => ({ client, tenant: 'alpha' })),
      connectHttp('streamable', s.mcpBase, adminKey).then((client) => ({ client, tenant: 'beta' })),
      connectHttp('sse', s.mcpBase, adminKey).then((client) => ({ client, tenant: 'alpha' })),
      connectHttp('sse', s.mcpBase, adminKey).then((client) => ({ client, tenant: 'beta' })),
      connectStdio(s.apiUrl, adminKey).then(({ client }) => ({ client, tenant: 'alpha' })),
      connectStdio(s.apiUrl, adminKey).then(({ client }) => ({ client, tenant: 'beta' })),
      connectStdio(s.apiUrl, a.apiKey).then(({ client }) => ({ client, tenant: 'alpha' })),
      connectStdio(s.apiUrl, b.apiKey).then(({ client }) => ({ client, tenant: 'beta' })),
    ]);
    await Promise.all(sessions.slice(2, 8).map(({ client, tenant }) => ok(client, 'select_tenant', { tenantSlug: tenant })));

    const rounds = await Promise.all(
      sessions.flatMap(({ client, tenant }) =>
        Array.from({ length: 8 }, async () => ({ tenant, spec: await ok(client, 'get_rest_api_spec') })),
      ),
    );
    expect(rounds).toHaveLength(80);
    for (const { tenant, spec } of rounds) {
      const paths = Object.keys(spec.paths);
      expect(paths).toEqual([`/api/entities/${tenant}_only/records`, `/api/entities/${tenant}_only/records/{id}`]);
      expect(spec.info.title).toBe(`${tenant === 'alpha' ? 'Alpha' : 'Beta'} record API`);
    }

    const pinned = [sessions[0]!, sessions[1]!, sessions[8]!, sessions[9]!];
    const listed = await Promise.all(pinned.map(({ client }) => ok(client, 'list_tenants')));
    expect(listed.map((l) => l.map((t: { slug: string }) => t.slug))).toEqual([['alpha'], ['beta'], ['alpha'], ['beta']]);
    await Promise.all(sessions.map(({ client }) => client.close()));
  });
});
