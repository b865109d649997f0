import { z } from 'zod';
import { buildRecordApiSpec } from '../domain/api-spec/record-api-spec.js';
import { generateTypescriptClient } from '../domain/api-spec/typescript-client.js';
import { listPublishedEntities } from '../domain/entities/entity-catalog.js';
import { notFound, toolRef } from '../errors.js';
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
  run: async (ctx) => {
    const entities = await listPublishedEntities(ctx.tx);
    // Fields published business rules compute are readOnly in the document.
    const rules = await ctx.services.rules.forTenant(ctx.tx);
    const computed = new Map(entities.map((e) => [e.id, rules.byEntity.get(e.id)?.computedFields ?? new Set<string>()]));
    return buildRecordApiSpec(ctx.tenant, entities, ctx.services.version, computed);
  },
});

export const generateApiClient = defineTenantOperation({
  name: 'generate_api_client',
  title: 'Generate typed API client',
  description: `TypeScript source of a typed client of the tenant's record API (a type per published entity, typed filters and sort keys, relations via resolve; needs only fetch), e.g. {} → { filename: "acme-client.ts", code }. Regenerate after ${toolRef('publish_entity')}.`,
  input: z.object({}),
  output: z.strictObject({ filename: z.string(), code: z.string() }),
  mode: 'read',
  profile: 'advanced',
  tool: true,
  access: { tenant: 'schema.read' },
  rest: [bind({ method: 'GET', path: '/api/rest-api-client' })],
  run: async (ctx) => {
    const entities = await listPublishedEntities(ctx.tx);
    if (entities.length === 0) {
      throw notFound(
        `This tenant has no published entities, so there is nothing to type: create one (${toolRef('generate_entity')}) and publish it (${toolRef('publish_entity')}) first`,
      );
    }
    // Fields published business rules compute are set by the service: read-only in the client.
    const rules = await ctx.services.rules.forTenant(ctx.tx);
    return generateTypescriptClient(
      ctx.tenant,
      entities.map((entity) => ({ entity, computed: rules.byEntity.get(entity.id)?.computedFields ?? new Set<string>() })),
      ctx.services.version,
    );
  },
});
