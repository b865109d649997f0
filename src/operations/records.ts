import { z } from 'zod';
import { COUNT_MODES, FILTER_OPS } from '../domain/records/list-query.js';
import { listRecords } from '../domain/records/record-list.js';
import { DEFAULT_PAGE_SIZE, MAX_CURSOR_LENGTH, MAX_PAGE_SIZE } from '../domain/records/list-limits.js';
import { principalActor } from '../domain/access/principal.js';
import {
  createRecord as create,
  deleteRecord as remove,
  getRecord as getOne,
  loadEntity,
  searchRecordsSemantic,
  updateRecord as update,
} from '../domain/records/record.service.js';
import { toolRef, validationError } from '../errors.js';
import type { SaveWarning } from '../domain/records/save-state.js';
import { recordDeps } from '../services.js';
import type { TenantContext } from './core/context.js';
import { bind, defineTenantOperation } from './core/operation.js';
import { withEffects } from './core/result.js';
import { deleted, flag, integer, plainObject } from './core/schemas.js';
import {
  allow,
  entityName,
  entityParams,
  filterClauses,
  filterClausesOf,
  filterFamily,
  filterInputs,
  orderDir,
  search,
} from './record-inputs.js';
import { recordOutput, recordPageOutput, scoredRecordsOutput } from './schemas/records.js';

const recordId = z.string().trim().min(1).max(100).describe('Record id (UUID)');
const fieldValues = plainObject('data must be an object of field values keyed by fieldKey');
const pageNumber = integer('page').pipe(z.number().min(1, 'page starts at 1'));
const pageSize = integer('limit')
  .pipe(z.number().min(1, 'limit must be at least 1'))
  .transform((n) => Math.min(n, MAX_PAGE_SIZE));

const recordParams = z.object({ entityName, id: recordId });
const countMode = z.enum(COUNT_MODES);
const afterCursor = z.string().trim().min(1, 'after must be a cursor (nextCursor of a previous page)').max(MAX_CURSOR_LENGTH);

/** A save that ends its operation's transaction, answering the rules' warnings and naming its caller. */
const saveOptions = (ctx: TenantContext, warnings: SaveWarning[]) => ({
  endsTransaction: true,
  warnings,
  actor: principalActor(ctx.principal),
});

export const queryRecords = defineTenantOperation({
  name: 'query_records',
  title: 'Query records',
  description:
    'Lists records: { data: [record], total, totalExact, page, limit, totalPages, nextCursor }. ' +
    'filter: conditions joined by "and", ops = != > >= < <= contains, e.g. status = "open" and total >= 100; "x = null" for empty. ' +
    'orderBy: fieldKey or createdAt/updatedAt; orderDir asc|desc. search: text search; limit ≤ 100; relations resolved unless resolve is false. ' +
    'Next page: after = nextCursor (instead of page). count: estimated (default; exact up to a threshold), exact, none.',
  input: z.object({
    entityName,
    ...filterInputs,
    orderBy: z.string().trim().min(1).max(100).optional(),
    orderDir: orderDir.optional(),
    search: search.optional(),
    page: pageNumber.optional(),
    limit: pageSize.optional(),
    after: afterCursor.optional().describe('nextCursor of the previous page (not with page)'),
    count: countMode.optional().describe('total: estimated (default), exact or none'),
    resolve: flag.default(true),
  }),
  output: recordPageOutput,
  mode: 'read',
  profile: 'core',
  tool: true,
  access: { tenant: 'records' },
  rest: [
    bind({
      method: 'GET',
      path: '/api/entities/:entityName/records',
      description:
        'Lists records of a published entity: { data: [record], total, totalExact, page, limit, totalPages, nextCursor }. Filter with filter.<field>=value ' +
        `(equality) or filter.<field>.<op>=value (op one of ${FILTER_OPS.join(', ')}; in takes a comma list, isNull true or false); ` +
        'sort by a field or id/createdAt/updatedAt with order asc|desc; search matches text fields ignoring case and accents; ' +
        `page from 1, limit up to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}), or after=<nextCursor> for the next page at any depth; ` +
        'count=estimated (default: exact up to a threshold, then an estimate with totalExact false), exact or none; resolve=true expands relations.',
      params: entityParams,
      query: z.object({
        page: pageNumber.optional().describe('Page number, from 1'),
        limit: pageSize.optional().describe(`Page size, 1–${MAX_PAGE_SIZE} (larger values are clamped); default ${DEFAULT_PAGE_SIZE}`),
        sort: z.string().trim().min(1).max(100).optional().describe('Field key, or id / createdAt / updatedAt'),
        order: orderDir.optional().describe('asc (default) or desc'),
        after: afterCursor.optional().describe('nextCursor of the previous page: the page after it (not with page)'),
        count: countMode.optional().describe('How total is counted: estimated (default), exact or none'),
        search: search.optional().describe('Text search across text, textarea, email and select fields'),
        resolve: flag.optional().describe('true expands relation fields to { id, name, data }'),
      }),
      queryFamily: filterFamily,
      argumentNames: { orderBy: 'sort', orderDir: 'order' },
      map: ({ params, query }) => ({
        entityName: params.entityName,
        page: query.page,
        limit: query.limit,
        after: query.after,
        count: query.count,
        orderBy: query.sort,
        orderDir: query.order,
        search: query.search,
        resolve: query.resolve ?? false,
        filters: filterClauses(query),
      }),
    }),
  ],
  run: async (ctx, input) => {
    allow(ctx, 'read', input.entityName);
    if (input.after !== undefined && input.page !== undefined) {
      throw validationError('after: give either page or after, not both', [{ field: 'after', message: 'not with page' }]);
    }
    const entity = await loadEntity(ctx.tx, ctx.services.entities, input.entityName);
    const filters = filterClausesOf(input);
    const query = {
      page: input.page ?? 1,
      limit: input.limit ?? DEFAULT_PAGE_SIZE,
      sort: input.orderBy,
      order: input.orderDir ?? 'asc',
      search: input.search,
      filters,
      count: input.count,
      after: input.after,
    } as const;
    // A build stopped by a restart resumes when its entity is listed (docs/entities.md, "Indexes").
    if (entity.builtIndexes?.some((i) => i.state === 'building')) ctx.services.indexBuilder.schedule(ctx.tx.tenantId);
    return listRecords(ctx.tx, ctx.services.entities, entity, query, {
      resolve: input.resolve,
      exactCountThreshold: ctx.services.listExactCountThreshold,
      estimates: ctx.services.totalEstimates,
    });
  },
});

export const getRecord = defineTenantOperation({
  name: 'get_record',
  title: 'Get record',
  description:
    'One record by id: { id, entityId, name, data, createdAt, updatedAt }, e.g. { entityName: "orders", id: "…", resolve: true }. resolve expands relations.',
  input: z.object({ entityName, id: recordId, resolve: flag.default(false) }),
  output: recordOutput,
  mode: 'read',
  profile: 'core',
  tool: true,
  access: { tenant: 'records' },
  rest: [
    bind({
      method: 'GET',
      path: '/api/entities/:entityName/records/:id',
      params: recordParams,
      query: z.object({ resolve: flag.optional().describe('true expands relation fields to { id, name, data }') }),
    }),
  ],
  run: async (ctx, input) => {
    allow(ctx, 'read', input.entityName);
    return getOne(ctx.tx, ctx.services.entities, input.entityName, input.id, input.resolve);
  },
});

const flatBody = fieldValues.describe('The field values keyed by fieldKey (flat, not wrapped in data)');

export const createRecord = defineTenantOperation({
  name: 'create_record',
  title: 'Create record',
  description:
    'Creates a record; data holds field values by fieldKey, e.g. { entityName: "orders", data: { code: "A-1", customer: "<customer id>", total: 99.5 } }. ' +
    'Relations take the related record id; dates ISO 8601. Answers the record.',
  input: z.object({ entityName, data: fieldValues }),
  output: recordOutput,
  mode: 'write',
  profile: 'core',
  tool: true,
  access: { tenant: 'records' },
  rest: [
    bind({
      method: 'POST',
      path: '/api/entities/:entityName/records',
      status: 201,
      description: 'Creates a record from the field values in the body (flat, keyed by fieldKey). Answers the record.',
      params: entityParams,
      body: flatBody,
      map: ({ params, body }) => ({ entityName: params.entityName, data: body }),
    }),
  ],
  run: async (ctx, input) => {
    allow(ctx, 'create', input.entityName);
    const entity = await loadEntity(ctx.tx, ctx.services.entities, input.entityName);
    const warnings: SaveWarning[] = [];
    const record = await create(ctx.tx, recordDeps(ctx.services), entity, input.data, saveOptions(ctx, warnings));
    return warnings.length ? withEffects(record, { warnings }) : record;
  },
});

const updateBinding = (method: 'PUT' | 'PATCH') =>
  bind({
    method,
    path: '/api/entities/:entityName/records/:id',
    description: 'Changes the fields in the body (flat, keyed by fieldKey; null clears one); others keep their value. Answers the record.',
    params: recordParams,
    body: flatBody,
    map: ({ params, body }) => ({ entityName: params.entityName, id: params.id, data: body }),
  });

export const updateRecord = defineTenantOperation({
  name: 'update_record',
  title: 'Update record',
  description: `Partial update: data holds only the fields to change (null clears one), e.g. { entityName: "orders", id: "…", data: { total: 120 } }. Validated like ${toolRef('create_record')}; answers the record.`,
  input: z.object({ entityName, id: recordId, data: fieldValues }),
  output: recordOutput,
  mode: 'write',
  idempotent: true,
  profile: 'core',
  tool: true,
  access: { tenant: 'records' },
  rest: [updateBinding('PUT'), updateBinding('PATCH')],
  run: async (ctx, input) => {
    allow(ctx, 'update', input.entityName);
    const warnings: SaveWarning[] = [];
    const record = await update(ctx.tx, recordDeps(ctx.services), input.entityName, input.id, input.data, saveOptions(ctx, warnings));
    return warnings.length ? withEffects(record, { warnings }) : record;
  },
});

export const deleteRecord = defineTenantOperation({
  name: 'delete_record',
  title: 'Delete record',
  description:
    'Deletes a record, e.g. { entityName: "orders", id: "…" }; answers { id, deleted: true }. Relations pointing at it then resolve to null.',
  input: z.object({ entityName, id: recordId }),
  output: deleted,
  mode: 'write',
  destructive: true,
  idempotent: false,
  profile: 'core',
  tool: true,
  access: { tenant: 'records' },
  rest: [bind({ method: 'DELETE', path: '/api/entities/:entityName/records/:id', params: recordParams })],
  run: async (ctx, input) => {
    allow(ctx, 'delete', input.entityName);
    const entity = await loadEntity(ctx.tx, ctx.services.entities, input.entityName);
    return remove(ctx.tx, entity, input.id, recordDeps(ctx.services), { actor: principalActor(ctx.principal) });
  },
});

const semanticQuery = {
  q: z.string().trim().min(1, 'q is required').max(500, 'q must be at most 500 characters'),
  limit: integer('limit')
    .pipe(z.number().min(1, 'limit must be at least 1'))
    .transform((n) => Math.min(n, MAX_PAGE_SIZE))
    .default(10),
  minSimilarity: z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number().min(0).max(1)).default(0.3),
};

export const searchRecords = defineTenantOperation({
  name: 'search_records_semantic',
  title: 'Semantic search of records',
  description:
    'Ranks records by similarity to q, e.g. { entityName: "products", q: "red shoes" }: [{ ...record, similarity }] best first (0–1). Uses embeddings when EMBEDDINGS_URL is set, else trigram word similarity (spelling overlap, not meaning).',
  input: z.object({ entityName, ...semanticQuery }),
  output: scoredRecordsOutput,
  mode: 'read',
  // pg_trgm's threshold is set transaction-locally before the search statement.
  readTransaction: true,
  profile: 'advanced',
  tool: true,
  access: { tenant: 'records' },
  rest: [
    bind({
      method: 'GET',
      path: '/api/entities/:entityName/records/search/semantic',
      params: entityParams,
      query: z.object({
        q: semanticQuery.q.describe('What to look for'),
        limit: semanticQuery.limit.describe(`Results, 1–${MAX_PAGE_SIZE} (default 10)`),
        minSimilarity: semanticQuery.minSimilarity.describe('Lowest similarity returned, 0–1 (default 0.3)'),
      }),
    }),
  ],
  run: async (ctx, input) => {
    allow(ctx, 'read', input.entityName);
    const entity = await loadEntity(ctx.tx, ctx.services.entities, input.entityName);
    return searchRecordsSemantic(
      ctx.tx,
      entity,
      { q: input.q, limit: input.limit, minSimilarity: input.minSimilarity },
      ctx.services.embeddings,
    );
  },
});
