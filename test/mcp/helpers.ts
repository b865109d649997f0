import type { FastifyInstance } from 'fastify';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { fileURLToPath } from 'node:url';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { buildMcpHttpApp } from '../../src/transports/mcp/http.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/** The service on a fresh database, its REST API and its MCP HTTP server listening on 127.0.0.1:0. */
export interface McpTestService {
  t: TestApp;
  mcp: FastifyInstance;
  /** e.g. http://127.0.0.1:41234/api */
  apiUrl: string;
  /** e.g. http://127.0.0.1:41235 */
  mcpBase: string;
  close(): Promise<void>;
}

export async function startMcpService(env: Record<string, string> = {}): Promise<McpTestService> {
  const t = await createTestApp(env);
  const api = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const mcp = await buildMcpHttpApp({ db: t.db, config: t.config, services: t.services });
  const mcpBase = await mcp.listen({ port: 0, host: '127.0.0.1' });
  return {
    t,
    mcp,
    apiUrl: `${api}/api`,
    mcpBase,
    async close() {
      await mcp.close();
      await t.close();
    },
  };
}

export type TransportKind = 'streamable' | 'sse';

export function httpTransport(kind: TransportKind, mcpBase: string, token: string): Transport {
  const requestInit = { headers: { Authorization: `Bearer ${token}` } };
  return kind === 'streamable'
    ? new StreamableHTTPClientTransport(new URL(`${mcpBase}/mcp`), { requestInit })
    : new SSEClientTransport(new URL(`${mcpBase}/sse`), { requestInit });
}

/** An official SDK client connected over HTTP with a bearer credential. */
export async function connectHttp(kind: TransportKind, mcpBase: string, token: string): Promise<Client> {
  const client = new Client({ name: 'tenantbase-test', version: '1.0.0' });
  await client.connect(httpTransport(kind, mcpBase, token));
  return client;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The real `tenantbase mcp` command (bin/tenantbase.js), as an MCP client would start it. */
export const STDIO_COMMAND = { command: process.execPath, args: ['bin/tenantbase.js', 'mcp'], cwd: ROOT };

/** An official SDK client over stdio, spawning the real command against `apiUrl` with `apiKey`. */
export async function connectStdio(
  apiUrl: string,
  apiKey: string,
  env: Record<string, string> = {},
): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    ...STDIO_COMMAND,
    env: { SERVICE_API_URL: apiUrl, SERVICE_API_KEY: apiKey, ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'tenantbase-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

export interface ToolAnswer {
  isError: boolean;
  /** The parsed JSON text of the first content item. */
  json: any;
  structured: any;
}

export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> {
  const result = await client.callTool({ name, arguments: args });
  const first = (result.content as Array<{ type: string; text?: string }>)[0];
  if (first?.type !== 'text' || first.text === undefined) throw new Error(`tool ${name} answered no text: ${JSON.stringify(result)}`);
  return { isError: result.isError === true, json: JSON.parse(first.text), structured: result.structuredContent };
}

/** Calls a tool that must succeed and answers its result. */
export async function ok(client: Client, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const answer = await callTool(client, name, args);
  if (answer.isError) throw new Error(`tool ${name} failed: ${JSON.stringify(answer.json)}`);
  return answer.json;
}

/** An `admin`-scope API key of the test administrator. */
export async function adminApiKey(t: TestApp): Promise<string> {
  const res = await t.post('/api/auth/api-keys', { name: 'admin key', scope: 'admin' }, { token: await t.adminToken() });
  if (res.status !== 201) throw new Error(`admin key creation failed: ${JSON.stringify(res.body)}`);
  return res.body.data.key as string;
}
