import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/operations/index.js';
import type { Profile } from '../../src/operations/core/operation.js';
import { buildMcpHttpApp } from '../../src/transports/mcp/http.js';
import { listTools, toolOperations } from '../../src/transports/mcp/tools.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { callTool, connectHttp } from './helpers.js';

describe('MCP_TOOL_PROFILE over Streamable HTTP and SSE', () => {
  let t: TestApp;
  let apiKey: string;
  const servers: Partial<Record<Profile, { app: FastifyInstance; base: string }>> = {};

  beforeAll(async () => {
    t = await createTestApp({ MCP_TOOL_PROFILE: 'core' });
    apiKey = (await t.createTenant('Profile Co')).apiKey;
    for (const profile of ['core', 'advanced', 'all'] as const) {
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

  it.each(['core', 'advanced', 'all'] as const)('tools/list of %s is exactly its part of the catalogue', async (profile) => {
    const expected = toolOperations(OPERATIONS, profile).map((op) => op.name);
    for (const kind of ['streamable', 'sse'] as const) {
      const client = await connectHttp(kind, servers[profile]!.base, apiKey);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(expected);
      expect(tools.map((tool) => tool.inputSchema)).toEqual(listTools(OPERATIONS, profile).map((tool) => tool.inputSchema));
      const health = (await (await fetch(`${servers[profile]!.base}/mcp/health`)).json()) as { tools: number; profile: string };
      expect(health).toMatchObject({ profile, tools: expected.length });
      await client.close();
    }
  });

  it('refuses a tool outside the profile as unknown', async () => {
    const client = await connectHttp('streamable', servers.core!.base, apiKey);
    const answer = await callTool(client, 'get_rest_api_spec');
    expect(answer).toMatchObject({ isError: true, json: { code: 'NOT_FOUND', message: expect.stringContaining('tools/list') } });
    const allClient = await connectHttp('streamable', servers.all!.base, apiKey);
    expect((await callTool(allClient, 'get_rest_api_spec')).isError).toBe(false);
    await client.close();
    await allClient.close();
  });
});
