import type { FieldDefinition, PublishedEntity } from '../entities/entity.types.js';
import { DEFAULT_PAGE_SIZE, MAX_IN_VALUES, MAX_PAGE_SIZE, MAX_SEARCH_LENGTH } from '../records/list-limits.js';
import { filterOperatorsFor, SYSTEM_KEYS } from '../records/list-query.js';

type Schema = Record<string, unknown>;

const pascal = (name: string) =>
  name
    .split('_')
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');

function selectValues(options: unknown): string[] {
  if (!Array.isArray(options)) return [];
  return options
    .map((o) => (typeof o === 'string' ? o : typeof o === 'object' && o !== null ? (o as { value?: unknown }).value : undefined))
    .filter((v): v is string => typeof v === 'string');
}

/** The JSON Schema of one field's value as records carry it (docs/records.md, field types). */
export function fieldValueSchema(field: FieldDefinition): Schema {
  const described = (schema: Schema): Schema => (field.description ? { ...schema, description: field.description } : schema);
  switch (field.fieldType) {
    case 'text':
    case 'textarea':
    case 'phone':
      return described({ type: 'string' });
    case 'email':
      return described({ type: 'string', format: 'email' });
    case 'url':
      return described({ type: 'string', format: 'uri' });
    case 'number':
      return described({ type: 'number' });
    case 'integer':
      return described({ type: 'integer' });
    case 'boolean':
      return described({ type: 'boolean' });
    case 'date':
      return described({ type: 'string', description: field.description || 'ISO 8601 date or date-time' });
    case 'datetime':
      return described({ type: 'string', format: 'date-time' });
    case 'select': {
      const values = selectValues(field.config.options);
      return described(values.length ? { type: 'string', enum: values } : { type: 'string' });
    }
    case 'relation': {
      const target = String(field.config.relatedEntity ?? field.config.entity ?? 'record');
      return {
        type: 'string',
        format: 'uuid',
        description: `${field.description ? `${field.description}. ` : ''}Id of a ${target} record; with resolve=true, { id, data } of it`,
      };
    }
    case 'file':
      return described({
        type: 'object',
        required: ['url'],
        properties: { url: { type: 'string' }, name: { type: 'string' }, size: { type: 'number' }, mimeType: { type: 'string' } },
      });
    case 'location':
      return described({
        type: 'object',
        required: ['lat', 'lng'],
        properties: {
          lat: { type: 'number', minimum: -90, maximum: 90 },
          lng: { type: 'number', minimum: -180, maximum: 180 },
          address: { type: 'string' },
          city: { type: 'string' },
          country: { type: 'string' },
        },
      });
    case 'json':
      return described({});
  }
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Schema) => ({ 'application/json': { schema } });
const ok = (data: Schema, description = 'Success') => ({
  description,
  content: json({ type: 'object', required: ['success', 'data'], properties: { success: { const: true }, data } }),
});
const errors = { default: { description: 'Error', content: json(ref('Error')) } };

function entityPaths(entity: PublishedEntity, schemas: Record<string, Schema>, computed: ReadonlySet<string>): Record<string, Schema> {
  const base = pascal(entity.name);
  const fields = entity.definition.fields;
  // Fields published business rules compute are set by the service: readOnly (not sent in requests).
  const properties = Object.fromEntries(
    fields.map((f) => [f.fieldKey, computed.has(f.fieldKey) ? { ...fieldValueSchema(f), readOnly: true } : fieldValueSchema(f)]),
  );
  const required = fields.filter((f) => f.isRequired).map((f) => f.fieldKey);
  schemas[`${base}Data`] = { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false };
  schemas[`${base}Record`] = {
    type: 'object',
    required: ['id', 'entityId', 'name', 'data', 'createdAt', 'updatedAt'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      entityId: { type: 'string', format: 'uuid' },
      name: { type: 'string' },
      data: ref(`${base}Data`),
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
    },
  };
  schemas[`${base}Patch`] = { type: 'object', properties, additionalProperties: false };
  const tag = entity.name;
  const title = entity.definition.displayName || entity.name;
  const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
  const resolveParam = { name: 'resolve', in: 'query', schema: { type: 'boolean' }, description: 'Expand relation fields to { id, data }' };
  const systemKeys = Object.keys(SYSTEM_KEYS) as Array<keyof typeof SYSTEM_KEYS>;
  const keys = [...fields.map((f) => f.fieldKey), ...systemKeys];
  const filterable = [
    ...fields.map((f) => [f.fieldKey, filterOperatorsFor(f)] as const),
    ...systemKeys.map((k) => [k, filterOperatorsFor(k)] as const),
  ];
  const filters = filterable.map(([key, ops]) => ({
    name: `filter.${key}`,
    in: 'query',
    schema: { type: 'string' },
    description: `Equality on ${key}; other operators as filter.${key}.<op> with op ${ops.join(', ')} (in: up to ${MAX_IN_VALUES} comma-separated values)`,
  }));
  const record = ok(ref(`${base}Record`));
  const body = (name: string) => ({ required: true, content: json(ref(name)) });
  return {
    [`/api/entities/${entity.name}/records`]: {
      get: {
        operationId: `list_${entity.name}`,
        summary: `List ${title} records`,
        tags: [tag],
        parameters: [
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
          {
            name: 'after',
            in: 'query',
            schema: { type: 'string' },
            description: 'nextCursor of the previous page: the page after it (not with page)',
          },
          {
            name: 'count',
            in: 'query',
            schema: { type: 'string', enum: ['estimated', 'exact', 'none'], default: 'estimated' },
            description: 'How total is counted: exact up to a threshold then estimated (totalExact false), exact, or none',
          },
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE } },
          { name: 'sort', in: 'query', schema: { type: 'string', enum: keys } },
          { name: 'order', in: 'query', schema: { type: 'string', enum: ['asc', 'desc'], default: 'asc' } },
          {
            name: 'search',
            in: 'query',
            schema: { type: 'string', maxLength: MAX_SEARCH_LENGTH },
            description: 'Case- and accent-insensitive text search',
          },
          resolveParam,
          ...filters,
        ],
        responses: {
          200: ok({
            type: 'object',
            required: ['data', 'total', 'totalExact', 'page', 'limit', 'totalPages', 'nextCursor'],
            properties: {
              data: { type: 'array', items: ref(`${base}Record`) },
              total: { type: 'integer' },
              totalExact: { type: 'boolean' },
              page: { type: 'integer' },
              limit: { type: 'integer' },
              totalPages: { type: 'integer' },
              nextCursor: { type: ['string', 'null'] },
            },
          }),
          ...errors,
        },
      },
      post: {
        operationId: `create_${entity.name}`,
        summary: `Create a ${title} record`,
        tags: [tag],
        requestBody: body(`${base}Data`),
        responses: { 201: record, ...errors },
      },
    },
    [`/api/entities/${entity.name}/records/{id}`]: {
      parameters: [idParam],
      get: {
        operationId: `get_${entity.name}`,
        summary: `Get a ${title} record`,
        tags: [tag],
        parameters: [resolveParam],
        responses: { 200: record, ...errors },
      },
      put: {
        operationId: `update_${entity.name}`,
        summary: `Update a ${title} record (partial)`,
        tags: [tag],
        requestBody: body(`${base}Patch`),
        responses: { 200: record, ...errors },
      },
      patch: {
        operationId: `patch_${entity.name}`,
        summary: `Update a ${title} record (partial)`,
        tags: [tag],
        requestBody: body(`${base}Patch`),
        responses: { 200: record, ...errors },
      },
      delete: {
        operationId: `delete_${entity.name}`,
        summary: `Delete a ${title} record`,
        tags: [tag],
        responses: {
          200: ok({ type: 'object', properties: { id: { type: 'string', format: 'uuid' }, deleted: { const: true } } }),
          ...errors,
        },
      },
    },
  };
}

/** OpenAPI 3.1 of one tenant's record API, from its published entities. */
/** An OpenAPI 3.1 document. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Schema>;
  components?: Record<string, unknown>;
  [key: string]: unknown;
}

export function buildRecordApiSpec(
  tenant: { slug: string; name: string },
  entities: readonly PublishedEntity[],
  version: string,
  /** Per entity id, the fields its published business rules compute. */
  computed: ReadonlyMap<string, ReadonlySet<string>> = new Map(),
): OpenApiDocument {
  const schemas: Record<string, Schema> = {
    Error: {
      type: 'object',
      required: ['success', 'error'],
      properties: {
        success: { const: false },
        error: {
          type: 'object',
          required: ['code', 'message'],
          properties: { code: { type: 'string' }, message: { type: 'string' }, details: { type: 'array', items: { type: 'object' } } },
        },
      },
    },
  };
  const paths = Object.assign({}, ...entities.map((e) => entityPaths(e, schemas, computed.get(e.id) ?? new Set()))) as Record<
    string,
    Schema
  >;
  return {
    openapi: '3.1.0',
    info: {
      title: `${tenant.name} record API`,
      version,
      description: `Records of tenant "${tenant.slug}". Send a credential (Authorization: Bearer <token> or X-API-Key) and X-Tenant-ID: ${tenant.slug}. Create and update bodies are flat objects keyed by fieldKey; records carry fields under data.`,
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }, { apiKey: [] }],
    tags: entities.map((e) => ({ name: e.name, description: e.definition.description || e.definition.displayName || e.name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        tenant: { type: 'apiKey', in: 'header', name: 'X-Tenant-ID' },
      },
    },
  };
}
