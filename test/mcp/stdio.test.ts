import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/operations/index.js';
import { NO_TENANT_MESSAGE } from '../../src/operations/core/execute.js';
import { renderText } from '../../src/transports/surface-text.js';
import { toolOperations } from '../../src/transports/mcp/tools.js';
import { seedPublishedEntity } from '../helpers/seed-entity.js';
import {
  STDIO_COMMAND as COMMAND,
  adminApiKey,
  callTool,
  connectStdio as connect,
  ok,
  startMcpService,
  type McpTestService,
} from './helpers.js';

/** The README's npm form of the stdio command, `npm --prefix /path/to/tenantbase run --silent mcp`. */
const README_NPM_ARGS = ['--prefix', '/path/to/tenantbase', 'run', '--silent', 'mcp'];

/** Runs the command without a client and reports how it ended. */
function runCommand(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(COMMAND.command, COMMAND.args, {
      cwd: COMMAND.cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('MCP over stdio (npm run mcp / tenantbase mcp)', () => {
  let s: McpTestService;
  let tenant: { id: string; slug: string; apiKey: string };
  let adminKey: string;
  beforeAll(async () => {
    s = await startMcpService();
    tenant = await s.t.createTenant('Stdio Shop');
    await s.t.createTenant('Elsewhere');
    adminKey = await adminApiKey(s.t);
    await seedPublishedEntity(s.t, tenant.id, 'productos', [{ fieldKey: 'titulo', fieldType: 'text' }]);
  });
  afterAll(async () => {
    await s.close();
  });

  it.each(['core', 'advanced', 'all'] as const)('lists the %s profile', async (profile) => {
    const { client } = await connect(s.apiUrl, tenant.apiKey, { MCP_TOOL_PROFILE: profile });
    const { tools } = await client.listTools();
    // Sorted: under plain Node the catalogue's module namespaces list exports alphabetically, under Vitest in source order.
    expect(tools.map((t) => t.name).sort()).toEqual([...toolOperations(OPERATIONS, profile).map((op) => op.name), 'search_tools'].sort());
    await client.close();
  });

  it("README's npm form (npm --prefix <checkout> run --silent mcp) keeps stdout to the protocol", async () => {
    // Exactly the README's client configuration for a checkout, started from another directory as
    // a client would: npm builds dist/ first (esbuild writes only to stderr), then execs the bin.
    // Without --silent npm prints its "> tenantbase@… mcp" banner on stdout and the client fails.
    const transport = new StdioClientTransport({
      command: 'npm',
      args: [...README_NPM_ARGS.slice(0, 1), COMMAND.cwd, ...README_NPM_ARGS.slice(2)],
      cwd: tmpdir(),
      env: { SERVICE_API_URL: s.apiUrl, SERVICE_API_KEY: tenant.apiKey },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'tenantbase-test', version: '1.0.0' });
    await client.connect(transport);
    expect(client.getServerVersion()?.name).toBeTruthy();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('list_tenants');
    expect((await ok(client, 'list_tenants')).map((x: { slug: string }) => x.slug)).toEqual(['stdio-shop']);
    await client.close();
  });

  it('acts in the tenant of a tenant key through the service', async () => {
    const { client, stderr } = await connect(s.apiUrl, tenant.apiKey);
    expect((await ok(client, 'list_tenants')).map((x: { slug: string }) => x.slug)).toEqual(['stdio-shop']);
    const spec = await ok(client, 'get_rest_api_spec', { entityName: 'ignored extra' });
    expect(Object.keys(spec.paths)).toContain('/api/entities/productos/records');
    const other = await callTool(client, 'select_tenant', { tenantSlug: 'elsewhere' });
    expect(other).toMatchObject({ isError: true, json: { code: 'NOT_FOUND' } });
    await client.close();
    expect(stderr()).toContain('acting through');
  });

  it('keeps the selection of an admin key per session', async () => {
    const { client } = await connect(s.apiUrl, adminKey);
    expect(await callTool(client, 'get_rest_api_spec')).toMatchObject({
      isError: true,
      json: { code: 'VALIDATION_ERROR', message: renderText(NO_TENANT_MESSAGE, 'mcp', OPERATIONS) },
    });
    const selected = await ok(client, 'select_tenant', { tenantSlug: 'stdio-shop' });
    expect(selected.tenant.id).toBe(tenant.id);
    expect(Object.keys((await ok(client, 'get_rest_api_spec')).paths)).toContain('/api/entities/productos/records');
    await ok(client, 'select_tenant', { tenantSlug: 'elsewhere' });
    expect((await ok(client, 'get_rest_api_spec')).paths).toEqual({});
    const invalid = await callTool(client, 'select_tenant', { tenantSlug: '' });
    expect(invalid).toMatchObject({ isError: true, json: { code: 'VALIDATION_ERROR' } });
    await client.close();
  });

  it('exits non-zero with a clear message when the service cannot be reached', async () => {
    const result = await runCommand({ SERVICE_API_URL: 'http://127.0.0.1:1/api', SERVICE_API_KEY: tenant.apiKey });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/cannot be reached.*SERVICE_API_URL/s);
    expect(result.stdout).toBe('');
  });

  it('exits non-zero with a clear message when the key is refused or missing', async () => {
    const refused = await runCommand({ SERVICE_API_URL: s.apiUrl, SERVICE_API_KEY: 'tbk_wrong' });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/refused SERVICE_API_KEY/);
    expect(refused.stdout).toBe('');
    const missing = await runCommand({ SERVICE_API_URL: s.apiUrl });
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toMatch(/SERVICE_API_KEY is not set/);
  });
});
