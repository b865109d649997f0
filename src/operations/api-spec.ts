import { z } from 'zod';
import { buildRecordApiSpec } from '../domain/api-spec/record-api-spec.js';
import { listPublishedEntities } from '../domain/entities/entity-catalog.js';
import { defineTenantOperation } from './operation.js';

export const getRestApiSpec = defineTenantOperation({
  name: 'get_rest_api_spec',
  title: 'REST API spec',
  description:
    "OpenAPI 3.1 document of the selected tenant's record REST API (published entities: list/create/get/update/delete paths, typed record schemas). Use it to write code against the API. Returns { openapi: '3.1.0', paths, components }.",
  input: z.object({}),
  mode: 'read',
  profile: 'advanced',
  tool: true,
  access: { tenant: 'schema.read' },
  rest: [{ method: 'GET', path: '/api/rest-api-spec' }],
  run: async (ctx) => buildRecordApiSpec(ctx.tenant, await listPublishedEntities(ctx.tx), ctx.services.version),
});
