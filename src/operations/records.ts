import { z } from 'zod';
import type { RecordAction } from '../domain/access/principal.js';
import { canOnRecords } from '../domain/access/permissions.js';
import { embeddingsClientFor } from '../domain/records/embeddings.js';
import { parseFilterExpression } from '../domain/records/filter-expression.js';
import { FILTER_OPS, type FilterClause } from '../domain/records/list-query.js';
import {
  createRecord as create,
  deleteRecord as remove,
  getRecord as getOne,
  listRecords,
  loadEntity,
  searchRecordsSemantic,
  updateRecord as update,
} from '../domain/records/record.service.js';
import { forbidden, validationError } from '../errors.js';
import type { TenantContext } from './context.js';
import { defineTenantOperation, type RestInput } from './operation.js';

const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 20;
const MAX_SEARCH = 200;

const entityName = z.string().trim().min(1).max(63).describe('Entity name (see list_entities)');
const recordId = z.string().trim().min(1).max(100).describe('Record id (UUID)');

/** Query-string integers arrive as text: a string of digits becomes a number, anything else stays and fails. */
const integer = (name: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: `${name} must be an integer` }).int(`${name} must be an integer`),
  );
const flag = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean({ error: 'must be true or false' }),
);
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
// Checked without copying, so a `__proto__` key stays an own key and is refused as an unknown field.
const fieldValues = z.custom<Record<string, unknown>>(isPlainObject, {
  error: 'data must be an object of field values keyed by fieldKey',
});

function allow(ctx: TenantContext, action: RecordAction, entity: string): void {
  if (!canOnRecords(ctx.principal, action, entity)) {
    throw forbidden(`Your role does not allow "${action}" on records of ${entity}`);
  }
}

/** Query parameters: single values only, and only the names a route knows. */
function queryParams(r: RestInput, allowed: (name: string) => boolean): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(r.query)) {
    if (!allowed(name)) throw validationError(`Unknown query parameter "${name}"`, [{ field: name, message: 'unknown parameter' }]);
    if (typeof value !== 'string') throw validationError(`${name} must be given once`, [{ field: name, message: 'given more than once' }]);
    out[name] = value;
  }
  return out;
}

const LIST_PARAMS = new Set(['page', 'limit', 'sort', 'order', 'search', 'resolve']);

/** REST list query → query_records input: `filter.<key>` and `filter.<key>.<op>` become clauses. */
function restListInput(r: RestInput) {
  const q = queryParams(r, (name) => LIST_PARAMS.has(name) || name.startsWith('filter.'));
  const filters: FilterClause[] = [];
  for (const [name, value] of Object.entries(q)) {
    if (!name.startsWith('filter.')) continue;
    const [, field, op, ...rest] = name.split('.');
    if (!field || rest.length > 0 || (op !== undefined && !(FILTER_OPS as readonly string[]).includes(op))) {
      throw validationError(`${name}: use filter.<field>=value or filter.<field>.<op>=value with op one of ${FILTER_OPS.join(', ')}`, [
        { field: name, message: 'bad filter parameter' },
      ]);
    }
    filters.push({ field, op: (op ?? 'eq') as FilterClause['op'], value });
  }
  return {
    entityName: r.params.entityName,
    page: q.page,
    limit: q.limit,
    orderBy: q.sort,
    orderDir: q.order,
    search: q.search,
    resolve: q.resolve ?? false,
    filters,
  };
}

export const queryRecords = defineTenantOperation({
  name: 'query_records',
  title: 'Query records',
  description:
    'Lists records: { data: [record], total, page, limit, totalPages }. ' +
    'filter: conditions joined by "and", ops = != > >= < <= contains, e.g. status = "open" and total >= 100; "x = null" for empty. ' +
    'orderBy: fieldKey or createdAt/updatedAt; orderDir asc|desc. search: text search; limit ≤ 100; relations resolved unless resolve is false.',
  input: z.object({
    entityName,
    filter: z
      .union([z.string().max(1000), z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))])
      .optional()
      .describe('Expression string, or { field: value } equalities'),
    filters: z
      .array(z.object({ field: z.string().min(1).max(100), op: z.enum(FILTER_OPS), value: z.string().max(2000) }))
      .max(50)
      .optional()
      .describe('[{ field, op, value }]'),
    orderBy: z.string().trim().min(1).max(100).optional(),
    orderDir: z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), z.enum(['asc', 'desc'])).optional(),
    search: z.string().max(MAX_SEARCH, `search must be at most ${MAX_SEARCH} characters`).optional(),
    page: integer('page').pipe(z.number().min(1, 'page starts at 1')).optional(),
    limit: integer('limit')
      .pipe(z.number().min(1, 'limit must be at least 1'))
      .transform((n) => Math.min(n, MAX_PAGE_SIZE))
      .optional(),
    resolve: flag.default(true),
  }),
  mode: 'read',
  profile: 'core',
  tool: true,
  access: { tenant: 'records' },
  rest: [{ method: 'GET', path: '/api/entities/:entityName/records', input: restListInput }],
  run: async (ctx, input) => {
    allow(ctx, 'read', input.entityName);
    const entity = await loadEntity(ctx.tx, input.entityName);
    const limit = input.limit ?? DEFAULT_PAGE_SIZE;
    const page = input.page ?? 1;
    const filters = [...(input.filters ?? [])];
    if (typeof input.filter === 'string') filters.push(...parseFilterExpression(input.filter));
    else if (input.filter) {
      for (const [field, value] of Object.entries(input.filter)) filters.push({ field, op: 'eq', value: String(value) });
    }
    return listRecords(
      ctx.tx,
      entity,
      { page, limit, sort: input.orderBy, order: input.orderDir ?? 'asc', search: input.search, filters },
      input.resolve,
    );
  },
});

export const getRecord = defineTenantOperation({
  name: 'get_record',
  title: 'Get record',
  description:
    'One record by id: { id, entityId, name, data, createdAt, updatedAt }, e.g. { entityName: "orders", id: "…", resolve: true }. resolve expands relations.',
  input: z.object({ entityName, id: recordId, resolve: flag.default(false) }),
  mode: 'read',
  profile: 'core',
  tool: true,
  access: { tenant: 'records' },
  rest: [
    {
      method: 'GET',
      path: '/api/entities/:entityName/records/:id',
      input: (r) => ({ ...queryParams(r, (name) => name === 'resolve'), ...r.params }),
    },
  ],
  run: async (ctx, input) => {
    allow(ctx, 'read', input.entityName);
    return getOne(ctx.tx, input.entityName, input.id, input.resolve);
  },
});

const bodyInput = (r: RestInput) => ({ entityName: r.params.entityName, id: r.params.id, data: r.body });

export const createRecord = defineTenantOperation({
  name: 'create_record',
  title: 'Create record',
  description:
    'Creates a record; data holds field values by fieldKey, e.g. { entityName: "orders", data: { code: "A-1", customer: "<customer id>", total: 99.5 } }. ' +
    'Relations take the related record id; dates ISO 8601. Answers the record.',
  input: z.object({ entityName, data: fieldValues }),
  mode: 'write',
  profile: 'core',
  tool: true,
  access: { tenant: 'records' },
  rest: [{ method: 'POST', path: '/api/entities/:entityName/records', status: 201, input: bodyInput }],
  run: async (ctx, input) => {
    allow(ctx, 'create', input.entityName);
    const entity = await loadEntity(ctx.tx, input.entityName);
    return create(ctx.tx, entity, input.data, { embeddings: embeddingsClientFor(ctx.config.embeddings), endsTransaction: true });
  },
});

export const updateRecord = defineTenantOperation({
  name: 'update_record',
  title: 'Update record',
  description:
    'Partial update: data holds only the fields to change (null clears one), e.g. { entityName: "orders", id: "…", data: { total: 120 } }. Validated like create_record; answers the record.',
  input: z.object({ entityName, id: recordId, data: fieldValues }),
  mode: 'write',
  idempotent: true,
  profile: 'core',
  tool: true,
  access: { tenant: 'records' },
  rest: [
    { method: 'PUT', path: '/api/entities/:entityName/records/:id', input: bodyInput },
    { method: 'PATCH', path: '/api/entities/:entityName/records/:id', input: bodyInput },
  ],
  run: async (ctx, input) => {
    allow(ctx, 'update', input.entityName);
    return update(ctx.tx, input.entityName, input.id, input.data, {
      embeddings: embeddingsClientFor(ctx.config.embeddings),
      endsTransaction: true,
    });
  },
});

export const deleteRecord = defineTenantOperation({
  name: 'delete_record',
  title: 'Delete record',
  description:
    'Deletes a record, e.g. { entityName: "orders", id: "…" }; answers { id, deleted: true }. Relations pointing at it then resolve to null.',
  input: z.object({ entityName, id: recordId }),
  mode: 'write',
  destructive: true,
  idempotent: false,
  profile: 'core',
  tool: true,
  access: { tenant: 'records' },
  rest: [
    { method: 'DELETE', path: '/api/entities/:entityName/records/:id', input: (r) => ({ ...queryParams(r, () => false), ...r.params }) },
  ],
  run: async (ctx, input) => {
    allow(ctx, 'delete', input.entityName);
    const entity = await loadEntity(ctx.tx, input.entityName);
    return remove(ctx.tx, entity, input.id);
  },
});

export const searchRecords = defineTenantOperation({
  name: 'search_records_semantic',
  title: 'Semantic search of records',
  description:
    'Ranks records by similarity to q, e.g. { entityName: "products", q: "red shoes" }: [{ ...record, similarity }] best first (0–1). Uses embeddings when EMBEDDINGS_URL is set, else trigram word similarity (spelling overlap, not meaning).',
  input: z.object({
    entityName,
    q: z.string().trim().min(1, 'q is required').max(500, 'q must be at most 500 characters'),
    limit: integer('limit')
      .pipe(z.number().min(1, 'limit must be at least 1'))
      .transform((n) => Math.min(n, MAX_PAGE_SIZE))
      .default(10),
    minSimilarity: z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number().min(0).max(1)).default(0.3),
  }),
  mode: 'read',
  // pg_trgm's threshold is set transaction-locally before the search statement.
  readTransaction: true,
  profile: 'advanced',
  tool: true,
  access: { tenant: 'records' },
  rest: [
    {
      method: 'GET',
      path: '/api/entities/:entityName/records/search/semantic',
      input: (r) => ({ ...queryParams(r, (name) => ['q', 'limit', 'minSimilarity'].includes(name)), ...r.params }),
    },
  ],
  run: async (ctx, input) => {
    allow(ctx, 'read', input.entityName);
    const entity = await loadEntity(ctx.tx, input.entityName);
    return searchRecordsSemantic(
      ctx.tx,
      entity,
      { q: input.q, limit: input.limit, minSimilarity: input.minSimilarity },
      embeddingsClientFor(ctx.config.embeddings),
    );
  },
});
