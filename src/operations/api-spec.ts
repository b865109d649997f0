import { z } from 'zod';
import { buildRecordApiSpec } from '../domain/api-spec/record-api-spec.js';
import { listPublishedEntities } from '../domain/entities/entity-catalog.js';
import { bind, defineTenantOperation } from './core/operation.js';
import { openApiDocumentOutput } from './schemas/entities.js';

export const getRestApiSpec = defineTenantOperation({
  name: 'get_rest_api_spec',
  title: 'REST API spec',
  description:
    'OpenAPI 3.1 of the tenant\'s record REST API (published entities: CRUD paths, typed record schemas), for writing code against it. Returns { openapi, paths, components }, e.g. paths["/api/entities/clientes/records"].',
  input: z.object({}),
  output: openApiDocumentOutput,
  mode: 'read',
  profile: 'advanced',
  tool: true,
  access: { tenant: 'schema.read' },
  rest: [bind({ method: 'GET', path: '/api/rest-api-spec' })],
  run: async (ctx) => buildRecordApiSpec(ctx.tenant, await listPublishedEntities(ctx.tx), ctx.services.version),
});
