import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '../../logging.js';
import type { Operation } from '../../operations/core/operation.js';
import { assertCleanInput } from '../input-guard.js';
import type { ToolExecutor } from './executor.js';
import { errorResult, successResult } from './results.js';
import type { ToolSurface } from './tool-surface.js';

export interface McpServerOptions {
  operations: readonly Operation[];
  /** The tools of the server's profile (built once per server, shared by its sessions). */
  surface: ToolSurface;
  executor: ToolExecutor;
  version: string;
  /** The server's logger; a call over HTTP logs with its request's logger instead. */
  log: Logger;
}

const INSTRUCTIONS =
  'Tenantbase: a multi-tenant data backend. Start with list_tenants and select_tenant (a tenant API key starts with its tenant selected), then model data with entity tools and work with records. search_tools finds any other tool by what it does (in the grouped profile: an action, with its full arguments).';

/**
 * A fresh MCP server for ONE session: its tenant selection lives here and nowhere else. Uses the
 * low-level `Server` because tool arguments are normalized (aliases, extras) and validated by the
 * catalogue, and failures answer docs/mcp.md's `{ code, message }` rather than the SDK's format.
 */
export function buildMcpServer(options: McpServerOptions): Server {
  const { surface } = options;
  const session = { selectedTenant: null as string | null, loaded: new Set<string>() };

  const server = new Server(
    { name: 'tenantbase', title: 'Tenantbase', version: options.version },
    { capabilities: { tools: { listChanged: surface.loadsFoundTools } }, instructions: INSTRUCTIONS },
  );

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: surface.list(session.loaded) }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    try {
      // The edge rules of every input (no U+0000, bounded nesting), before aliases are applied.
      assertCleanInput([[request.params.arguments, '']]);
      const call = surface.resolve(request.params.name, request.params.arguments, session.loaded);
      if (call.kind === 'search') {
        const { answer, found } = surface.search.search(call.args);
        const fresh = surface.loadsFoundTools ? found.filter((op) => !session.loaded.has(op.name)) : [];
        for (const op of fresh) session.loaded.add(op.name);
        if (fresh.length) await server.sendToolListChanged();
        return successResult(answer);
      }
      const { op, args } = call;
      const result = await options.executor.execute(op, args, {
        selectedTenant: session.selectedTenant,
        authInfo: extra.authInfo,
      });
      for (const effect of result.effects) {
        if (effect.kind === 'tenant_selected') session.selectedTenant = effect.tenant.id;
      }
      return successResult(result.data, result.warnings);
    } catch (error) {
      const requestLog = (extra.authInfo?.extra as { log?: Logger } | undefined)?.log;
      return errorResult(error, options.operations, requestLog ?? options.log);
    }
  });
  return server;
}
