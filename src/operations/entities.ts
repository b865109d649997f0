import { z } from 'zod';
import { listEntityChanges as diffEntity } from '../domain/entities/changes.js';
import {
  deleteEntity as removeEntity,
  generateEntity as createEntity,
  getEntitySchema as readSchema,
  listEntities as readEntities,
  publishEntity as publishDraft,
} from '../domain/entities/entity.service.js';
import { FIELD_TYPES } from '../domain/entities/field-types.js';
import { toolRef } from '../errors.js';
import { bind, defineTenantOperation } from './core/operation.js';
import { flag } from './core/schemas.js';
import { setEntityIndexes as replaceIndexes } from '../domain/entities/indexes/index.service.js';
import {
  deleteEntityOutput,
  entityIndexesOutput,
  entityChangesOutput,
  entityListOutput,
  entitySchemaOutput,
  generateEntityOutput,
  publishEntityOutput,
} from './schemas/entities.js';

const entityName = z.string().trim().min(1).max(200).describe('Entity technical name (snake_case)');
const versionMessage = z.string().trim().min(1).max(1000);
const entityParams = z.object({ entityName });

const fieldInput = z.looseObject({
  name: z.string().optional().describe('Display name'),
  fieldKey: z.string().optional().describe('snake_case key, unique in the entity (made from name when absent)'),
  fieldType: z.enum(FIELD_TYPES).optional(),
  isRequired: z.boolean().optional(),
  isUnique: z.boolean().optional(),
  description: z.string().optional(),
  config: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('select {options}; relation {relatedEntity, displayField?}; location {displayFormat, defaultZoom 1-20, defaultCenter}'),
});

const indexInput = z.looseObject({
  fields: z.array(z.string()).describe('Field keys in order, e.g. ["categoria", "precio"]'),
  name: z.string().optional().describe('snake_case; default: the field keys joined by "_"'),
});
const indexList = z.array(indexInput).max(50);

const generateInput = z.object({
  definition: z.object({
    entity: z.looseObject({
      name: z.string().describe('snake_case, e.g. "order_items"'),
      displayName: z.string().optional(),
      description: z.string().optional(),
      icon: z.string().optional(),
      config: z.looseObject({ displayField: z.string().optional() }).optional(),
    }),
    fields: z.array(fieldInput).max(200).default([]),
    indexes: indexList.optional().describe('Indexes for filters and sorts (docs/entities.md)'),
  }),
  auto_publish: z.boolean().optional(),
  version_message: versionMessage.optional(),
  publish: z.boolean().optional().describe('Alias of auto_publish'),
  message: versionMessage.optional().describe('Alias of version_message'),
});

export const generateEntity = defineTenantOperation({
  name: 'generate_entity',
  title: 'Create entity',
  description: `Creates an entity with its fields, e.g. { "definition": { "entity": { "name": "clients" }, "fields": [{ "name": "Name", "fieldKey": "name", "fieldType": "text" }] }, "auto_publish": true, "version_message": "v1" }. Without auto_publish it is a draft (${toolRef('publish_entity')} makes it usable by records). Answers { success, message, fieldsProcessed, entity }.`,
  input: generateInput.transform((v) => ({
    definition: v.definition,
    auto_publish: v.auto_publish ?? v.publish ?? false,
    version_message: v.version_message ?? v.message,
  })),
  output: generateEntityOutput,
  mode: 'write',
  profile: 'core',
  tool: true,
  access: { tenant: 'schema.write' },
  rest: [bind({ method: 'POST', path: '/api/entities', status: 201, body: generateInput })],
  run: (ctx, input) => createEntity(ctx.tx, ctx.services.hooks.onPublish, input),
});

const listQuery = z.object({ include_drafts: flag.optional().describe('true lists never-published entities too') });

export const listEntities = defineTenantOperation({
  name: 'list_entities',
  title: 'List entities',
  description:
    'Lists the entities of the tenant: [{ name, displayName, description, fieldCount, status, version, hasDraft }]. Only published ones unless include_drafts, e.g. { "include_drafts": true }. Use it to find valid entity names.',
  input: z.object({ include_drafts: z.boolean().default(false) }),
  output: entityListOutput,
  mode: 'read',
  idempotent: true,
  profile: 'core',
  tool: true,
  access: { tenant: 'schema.read' },
  rest: [
    bind({ method: 'GET', path: '/api/entities', query: listQuery }),
    bind({ method: 'GET', path: '/api/metadata/entities', query: listQuery }),
  ],
  run: (ctx, input) => readEntities(ctx.tx, input),
});

const versionQuery = z.object({
  version: z.string().max(20).optional().describe('A version number, "draft" or "published" (default)'),
});

export const getEntitySchema = defineTenantOperation({
  name: 'get_entity_schema',
  title: 'Get entity schema',
  description:
    'The fields of an entity, e.g. { "entityName": "clients" } → { name, displayName, description, version, status, fields: [{ name, fieldKey, type, required, config, structureHint?, … }] }. version: a number, "draft" or "published" (default).',
  input: z.object({
    entityName,
    version: z
      .union([z.number().int().min(1), z.string().max(20)])
      .optional()
      .describe('A version number, "draft" or "published"'),
  }),
  output: entitySchemaOutput,
  mode: 'read',
  idempotent: true,
  profile: 'core',
  tool: true,
  access: { tenant: 'schema.read' },
  rest: [
    bind({ method: 'GET', path: '/api/entities/:entityName', params: entityParams, query: versionQuery }),
    bind({ method: 'GET', path: '/api/metadata/entities/:entityName', params: entityParams, query: versionQuery }),
  ],
  run: (ctx, input) => readSchema(ctx.tx, input),
});

const publishBody = z.object({
  version_message: versionMessage.optional().describe('What changed in this version'),
  message: versionMessage.optional().describe('Alias of version_message'),
});

export const publishEntity = defineTenantOperation({
  name: 'publish_entity',
  title: 'Publish entity',
  description:
    'Publishes the entity\'s draft as its next version; records then use it, e.g. { "entityName": "clients", "version_message": "adds email" }. CONFLICT when there is no draft. Record data is never deleted. Answers { entityName, version, status }.',
  input: z
    .object({ entityName, ...publishBody.shape })
    .transform((v) => ({ entityName: v.entityName, version_message: v.version_message ?? v.message })),
  output: publishEntityOutput,
  mode: 'write',
  profile: 'core',
  tool: true,
  access: { tenant: 'schema.write' },
  rest: [bind({ method: 'POST', path: '/api/entities/:entityName/publish', params: entityParams, body: publishBody, bodyOptional: true })],
  run: (ctx, input) => publishDraft(ctx.tx, ctx.services.hooks.onPublish, input),
});

export const deleteEntity = defineTenantOperation({
  name: 'delete_entity',
  title: 'Delete entity',
  description: `Deletes an entity, all its versions and ALL its records, e.g. { "entityName": "orders" }. Irreversible. Refused (CONFLICT) while relation fields of other entities point to it.`,
  input: z.object({ entityName }),
  output: deleteEntityOutput,
  mode: 'write',
  destructive: true,
  profile: 'advanced',
  tool: true,
  access: { tenant: 'schema.write' },
  rest: [bind({ method: 'DELETE', path: '/api/entities/:entityName', params: entityParams })],
  run: (ctx, input) => removeEntity(ctx.tx, input),
});

export const listEntityChanges = defineTenantOperation({
  name: 'list_entity_changes',
  title: 'List entity changes',
  description: `Pending draft changes versus the published version, e.g. { "entityName": "clients" } → { entityName, publishedVersion, draftVersion, added, removed, changed: [{ fieldKey, before, after }], history }. Check it before ${toolRef('publish_entity')}.`,
  input: z.object({ entityName }),
  output: entityChangesOutput,
  mode: 'read',
  idempotent: true,
  profile: 'advanced',
  tool: true,
  access: { tenant: 'schema.read' },
  rest: [bind({ method: 'GET', path: '/api/entities/:entityName/changes', params: entityParams })],
  run: (ctx, input) => diffEntity(ctx.tx, input),
});

// Items are read (and every problem reported) by the domain; the schema names the shape only.
const indexesBody = z.object({
  indexes: z
    .array(z.unknown())
    .max(50)
    .describe('The complete list, e.g. [{ "fields": ["categoria", "precio"], "name": "optional" }]; [] removes them all'),
});

export const setEntityIndexes = defineTenantOperation({
  name: 'set_entity_indexes',
  title: 'Set entity indexes',
  description: `Replaces the indexes an entity declares, in its draft, e.g. { "entityName": "products", "indexes": [{ "fields": ["categoria", "precio"] }] }; ${toolRef('publish_entity')} builds them. Relation fields are indexed without asking. ${toolRef('get_entity_schema')} shows each index's state.`,
  input: z.object({ entityName, ...indexesBody.shape }),
  output: entityIndexesOutput,
  mode: 'write',
  idempotent: true,
  profile: 'advanced',
  // REST only for now: the grouped MCP profile is at its 2,500-token budget. Agents declare indexes
  // with generate_entity's definition.indexes.
  tool: false,
  access: { tenant: 'schema.write' },
  rest: [bind({ method: 'PUT', path: '/api/entities/:entityName/indexes', params: entityParams, body: indexesBody })],
  run: (ctx, input) => replaceIndexes(ctx.tx, input),
});
