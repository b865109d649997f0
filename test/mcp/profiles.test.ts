import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/operations/index.js';
import type { Profile } from '../../src/operations/core/operation.js';
import { groupedTools } from '../../src/transports/mcp/grouped.js';
import { buildMcpHttpApp } from '../../src/transports/mcp/http.js';
import type { ToolProfile } from '../../src/transports/mcp/tool-surface.js';
import { listTools, toolOperations } from '../../src/transports/mcp/tools.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { callTool, connectHttp } from './helpers.js';

describe('MCP_TOOL_PROFILE over Streamable HTTP and SSE', () => {
  let t: TestApp;
  let apiKey: string;
  const servers: Partial<Record<ToolProfile, { app: FastifyInstance; base: string }>> = {};

  beforeAll(async () => {
    t = await createTestApp({ MCP_TOOL_PROFILE: 'core' });
    apiKey = (await t.createTenant('Profile Co')).apiKey;
    for (const profile of ['core', 'advanced', 'all', 'grouped'] as const) {
      const config = { ...t.config, mcp: { ...t.config.mcp, toolProfile: profile } };
      const app = await buildMcpHttpApp({ db: t.db, config, services: t.services });
      servers[profile] = { app, base: await app.listen({ port: 0, host: '127.0.0.1' }) };
    }
  });
  afterAll(async () => {
    for (const s of Object.values(servers)) await s.app.close();
    await t.close();
  });

  it('reads the profile from MCP_TOOL_PROFILE (default all)', async () => {
    expect(t.config.mcp.toolProfile).toBe('core');
    const { loadConfig } = await import('../../src/config.js');
    expect(loadConfig({}).mcp.toolProfile).toBe('all');
  });

  it.each(['core', 'advanced', 'all'] as const)(
    'tools/list of %s is exactly its part of the catalogue, and search_tools',
    async (profile: Profile) => {
      const expected = [...toolOperations(OPERATIONS, profile).map((op) => op.name), 'search_tools'];
      for (const kind of ['streamable', 'sse'] as const) {
        const client = await connectHttp(kind, servers[profile]!.base, apiKey);
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).toEqual(expected);
        expect(tools.slice(0, -1).map((tool) => tool.inputSchema)).toEqual(listTools(OPERATIONS, profile).map((tool) => tool.inputSchema));
        const health = (await (await fetch(`${servers[profile]!.base}/mcp/health`)).json()) as { tools: number; profile: string };
        expect(health).toMatchObject({ profile, tools: expected.length });
        await client.close();
      }
    },
  );

  it('refuses a tool outside the profile until search_tools loads it into the session (and says so)', async () => {
    const client = await connectHttp('streamable', servers.core!.base, apiKey);
    let listChanged = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      listChanged += 1;
    });
    const answer = await callTool(client, 'get_rest_api_spec');
    expect(answer).toMatchObject({ isError: true, json: { code: 'NOT_FOUND', message: expect.stringContaining('search_tools') } });
    expect(answer.json.message).toContain('tools/list');

    const found = await callTool(client, 'search_tools', { query: 'rest api spec' });
    expect(found.isError).toBe(false);
    const hit = found.json.tools.find((t: { name: string }) => t.name === 'get_rest_api_spec');
    expect(hit).toMatchObject({ call: { tool: 'get_rest_api_spec' }, inputSchema: { type: 'object' } });
    expect(hit.description.length).toBeGreaterThan(40);
    await expect.poll(() => listChanged).toBeGreaterThan(0);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('get_rest_api_spec');
    expect((await callTool(client, 'get_rest_api_spec')).isError).toBe(false);

    // Another session of the same server has loaded nothing.
    const other = await connectHttp('streamable', servers.core!.base, apiKey);
    expect((await callTool(other, 'get_rest_api_spec')).json.code).toBe('NOT_FOUND');
    const allClient = await connectHttp('streamable', servers.all!.base, apiKey);
    expect((await callTool(allClient, 'get_rest_api_spec')).isError).toBe(false);
    for (const c of [client, other, allClient]) await c.close();
  });

  it('search_tools refuses a bad query with VALIDATION_ERROR naming the argument', async () => {
    const client = await connectHttp('sse', servers.core!.base, apiKey);
    for (const args of [{}, { query: '' }, { query: 'x'.repeat(201) }, { query: 'records', limit: 0 }, { query: 'records', limit: 11 }]) {
      const answer = await callTool(client, 'search_tools', args);
      expect(answer, JSON.stringify(args)).toMatchObject({ isError: true, json: { code: 'VALIDATION_ERROR' } });
      expect(answer.json.message).toMatch(/query|limit/);
    }
    const nothing = await callTool(client, 'search_tools', { query: 'zzqqxx' });
    expect(nothing).toMatchObject({ isError: false, json: { tools: [] } });
    await client.close();
  });

  it('grouped: one tool per area with action, reaching every tool of all', async () => {
    for (const kind of ['streamable', 'sse'] as const) {
      const client = await connectHttp(kind, servers.grouped!.base, apiKey);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual([...groupedTools(OPERATIONS).map((g) => g.definition.name), 'search_tools']);
      expect(tools.length).toBeLessThanOrEqual(12);
      const health = (await (await fetch(`${servers.grouped!.base}/mcp/health`)).json()) as { tools: number; profile: string };
      expect(health).toMatchObject({ profile: 'grouped', tools: tools.length });

      expect((await callTool(client, 'tenant', { action: 'list_tenants' })).isError).toBe(false);
      const entity = await callTool(client, 'schema', {
        action: 'generate_entity',
        definition: { entity: { name: `g_${kind}` }, fields: [{ name: 'Nombre', fieldKey: 'nombre', fieldType: 'text' }] },
        auto_publish: true,
        version_message: 'first',
      });
      expect(entity.isError, JSON.stringify(entity.json)).toBe(false);
      // An operation's own `action` argument travels as `subaction`.
      const field = await callTool(client, 'schema', {
        action: 'manage_custom_fields',
        subaction: 'add',
        entityName: `g_${kind}`,
        field: { name: 'Ciudad', fieldKey: 'ciudad', fieldType: 'text' },
      });
      expect(field.isError, JSON.stringify(field.json)).toBe(false);
      const listed = await callTool(client, 'schema', { action: 'manage_custom_fields', subaction: 'list', entityName: `g_${kind}` });
      expect(JSON.stringify(listed.json)).toContain('ciudad');

      const found = await callTool(client, 'search_tools', { query: 'create a record' });
      expect(found.json.tools[0].call).toMatchObject({ tool: 'records' });
      await client.close();
    }
  });

  it('grouped: a missing or unknown action is a VALIDATION_ERROR naming the choices; an unknown tool is NOT_FOUND', async () => {
    const client = await connectHttp('streamable', servers.grouped!.base, apiKey);
    const missing = await callTool(client, 'records', { entityName: 'x' });
    expect(missing).toMatchObject({ isError: true, json: { code: 'VALIDATION_ERROR' } });
    expect(missing.json.message).toContain('query_records');
    const unknown = await callTool(client, 'records', { action: 'list_tenants' });
    expect(unknown).toMatchObject({ isError: true, json: { code: 'VALIDATION_ERROR', message: expect.stringContaining('search_tools') } });
    const flat = await callTool(client, 'query_records', { entityName: 'x' });
    expect(flat).toMatchObject({ isError: true, json: { code: 'NOT_FOUND' } });
    await client.close();
  });
});
