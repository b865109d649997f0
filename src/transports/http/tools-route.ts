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

/** The OpenAPI description of the tools route, for `GET /api/openapi.json`. */
export function toolsRouteOpenApi(operations: readonly Operation[]): Record<string, unknown> {
  return {
    post: {
      operationId: 'call_tool',
      summary: 'Run an MCP tool',
      description:
        'Runs one MCP tool with its arguments as the JSON body (what the stdio MCP server uses). Answers the tool result in the envelope.',
      tags: ['tools'],
      security: [{ bearer: [] }, { apiKey: [] }],
      parameters: [
        {
          name: 'name',
          in: 'path',
          required: true,
          schema: { type: 'string', enum: operations.filter((op) => op.tool).map((op) => op.name) },
        },
        { name: 'X-Tenant-ID', in: 'header', required: false, schema: { type: 'string' }, description: 'Tenant slug or id' },
      ],
      requestBody: { required: false, content: { 'application/json': { schema: { type: 'object' } } } },
      responses: { 200: { description: 'Success' }, default: { description: 'Error' } },
    },
  };
}
