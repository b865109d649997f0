import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STDIO_COMMAND, startMcpService, type McpTestService } from './helpers.js';

/**
 * The MCP Inspector's CLI mode (`@modelcontextprotocol/inspector`, a dev dependency) — a client
 * we did not write — against the real stdio command: tools/list, then an entity, a record and a
 * query, each call a fresh session of a tenant key (its tenant selected from the start).
 */
const run = promisify(execFile);
const INSPECTOR = fileURLToPath(new URL('../../node_modules/.bin/mcp-inspector', import.meta.url));

describe('the MCP Inspector CLI against the stdio server', () => {
  let s: McpTestService;
  let apiKey: string;
  const catalog = mkdtempSync(join(tmpdir(), 'tenantbase-inspector-'));

  beforeAll(async () => {
    s = await startMcpService();
    apiKey = (await s.t.createTenant('Inspector Co')).apiKey;
  });
  afterAll(async () => {
    await s.close();
    rmSync(catalog, { recursive: true, force: true });
  });

  const inspect = async (...args: string[]) => {
    const { stdout } = await run(
      INSPECTOR,
      [
        '--cli',
        '-e',
        `SERVICE_API_URL=${s.apiUrl}`,
        '-e',
        `SERVICE_API_KEY=${apiKey}`,
        '-e',
        'MCP_TOOL_PROFILE=grouped',
        '--cwd',
        STDIO_COMMAND.cwd,
        ...args,
        '--',
        STDIO_COMMAND.command,
        ...STDIO_COMMAND.args,
      ],
      { env: { ...process.env, MCP_CATALOG_PATH: join(catalog, 'mcp.json') }, timeout: 60_000 },
    );
    return JSON.parse(stdout) as any;
  };
  const call = async (tool: string, args: Record<string, unknown>) => {
    const pairs = Object.entries(args).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
    const answer = await inspect('--method', 'tools/call', '--tool-name', tool, '--tool-arg', ...pairs);
    expect(answer.isError ?? false, JSON.stringify(answer)).toBe(false);
    return JSON.parse(answer.content[0].text);
  };

  it('lists the grouped tools and runs a small workflow', async () => {
    const listed = await inspect('--method', 'tools/list');
    expect(listed.tools.map((t: { name: string }) => t.name)).toEqual(
      expect.arrayContaining(['tenant', 'schema', 'records', 'search_tools']),
    );

    await call('schema', {
      action: 'generate_entity',
      definition: { entity: { name: 'notas' }, fields: [{ name: 'Texto', fieldKey: 'texto', fieldType: 'text' }] },
      auto_publish: true,
      version_message: 'first',
    });
    const created = await call('records', { action: 'create_record', entityName: 'notas', data: { texto: 'hola' } });
    expect(created.data).toEqual({ texto: 'hola' });
    const found = await call('records', { action: 'query_records', entityName: 'notas', filter: 'texto = hola' });
    expect(found).toMatchObject({ total: 1 });
  });
});
