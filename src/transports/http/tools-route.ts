import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../errors.js';
import { executeOperation } from '../../operations/core/execute.js';
import type { Operation } from '../../operations/core/operation.js';
import type { Logger } from '../../logging.js';
import { buildOperationContext, type TransportDeps } from '../request-context.js';
import { requestToken } from './credentials.js';
import { envelope } from './routes.js';

const headerValue = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * `POST /api/tools/:name`: runs one tool-exposed operation with the tool's arguments as the JSON
 * body, for the stdio MCP server (which acts through the service with SERVICE_API_KEY). Same
 * credentials and `X-Tenant-ID` rules as every REST route, so stdio needs no per-tool mapping.
 * The answer carries the result's `effects` too: the stdio server applies them to its session.
 */
export function registerToolsRoute(app: FastifyInstance, deps: TransportDeps, operations: readonly Operation[]): void {
  const tools = new Map(operations.filter((op) => op.tool).map((op) => [op.name, op]));
  // Its errors reach an MCP client: they are worded for MCP (see errors.ts).
  app.post<{ Params: { name: string } }>('/api/tools/:name', { config: { surface: 'mcp' } }, (request, reply) =>
    runTool(request.params.name, request, reply),
  );
  // A tool whose REST route takes a larger body (a site deploy) gets a route of its own with that limit.
  for (const op of tools.values()) {
    const limit = op.rest.find((b) => b.bodyLimit)?.bodyLimit?.(deps.config);
    if (limit)
      app.post(`/api/tools/${op.name}`, { config: { surface: 'mcp' }, bodyLimit: limit }, (request, reply) =>
        runTool(op.name, request, reply),
      );
  }

  async function runTool(name: string, request: FastifyRequest, reply: FastifyReply) {
    const op = tools.get(name);
    if (!op) throw notFound(`No tool "${name}"`);
    const ctx = await buildOperationContext(deps, 'rest', {
      token: requestToken(request),
      tenant: headerValue(request.headers['x-tenant-id']),
      clientAddress: request.ip,
      log: request.log as Logger,
    });
    const result = await executeOperation(op, ctx, request.body ?? {});
    const effects = result.effects.filter((e) => e.kind === 'tenant_selected');
    return reply.code(200).send({ ...envelope(result), ...(effects.length ? { effects } : {}) });
  }
}
