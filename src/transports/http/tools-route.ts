import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors.js';
import { executeOperation } from '../../operations/execute.js';
import type { Operation } from '../../operations/operation.js';
import type { AppDeps } from './build-app.js';
import { identify } from './credentials.js';

/**
 * `POST /api/tools/:name`: runs one tool-exposed operation with the tool's arguments as the JSON
 * body, for the stdio MCP server (which acts through the service with SERVICE_API_KEY). Same
 * credentials and `X-Tenant-ID` rules as every REST route, so stdio needs no per-tool mapping.
 * Arguments arrive already normalized by the MCP layer; the operation validates them.
 */
export function registerToolsRoute(app: FastifyInstance, deps: AppDeps, operations: readonly Operation[]): void {
  const tools = new Map(operations.filter((op) => op.tool).map((op) => [op.name, op]));
  app.post<{ Params: { name: string } }>('/api/tools/:name', async (request, reply) => {
    const op = tools.get(request.params.name);
    if (!op) throw notFound(`No tool "${request.params.name}"`);
    const identity = await identify(deps.db, deps.services, request);
    const data = await executeOperation(
      op,
      { db: deps.db, config: deps.config, services: deps.services, ...identity, clientAddress: request.ip },
      request.body ?? {},
    );
    return reply.code(200).send({ success: true, data });
  });
}
