import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Operation, Profile } from '../../operations/core/operation.js';
import { notFound } from '../../errors.js';
import { normalizeToolArguments } from './arguments.js';
import type { ToolExecutor } from './executor.js';
import { errorResult, successResult } from './results.js';
import { listTools, toolOperations } from './tools.js';

export interface McpServerOptions {
  operations: readonly Operation[];
  profile: Profile;
  executor: ToolExecutor;
  version: string;
  log: (line: string) => void;
}

const INSTRUCTIONS =
  'Tenantbase: a multi-tenant data backend. Start with list_tenants and select_tenant (a tenant API key starts with its tenant selected), then model data with entity tools and work with records.';

/**
 * A fresh MCP server for ONE session: its tenant selection lives here and nowhere else. Uses the
 * low-level `Server` because tool arguments are normalized (aliases, extras) and validated by the
 * catalogue, and failures answer docs/mcp.md's `{ code, message }` rather than the SDK's format.
 */
export function buildMcpServer(options: McpServerOptions): Server {
  const operations = toolOperations(options.operations, options.profile);
  const tools = listTools(options.operations, options.profile);
  const session = { selectedTenant: null as string | null };

  const server = new Server(
    { name: 'tenantbase', title: 'Tenantbase', version: options.version },
    { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS },
  );

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const op = operations.find((o) => o.name === request.params.name);
    try {
      if (!op) throw notFound(`Unknown tool "${request.params.name}"; tools/list shows the available tools`);
      const args = normalizeToolArguments(op, request.params.arguments);
      const result = await options.executor.execute(op, args, {
        selectedTenant: session.selectedTenant,
        authInfo: extra.authInfo,
      });
      for (const effect of result.effects) {
        if (effect.kind === 'tenant_selected') session.selectedTenant = effect.tenant.id;
      }
      return successResult(result.data, result.warnings);
    } catch (error) {
      return errorResult(error, options.operations, options.log);
    }
  });
  return server;
}
