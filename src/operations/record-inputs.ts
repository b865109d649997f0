import { z } from 'zod';
import type { RecordAction } from '../domain/access/principal.js';
import { canOnRecords } from '../domain/access/permissions.js';
import { parseFilterExpression } from '../domain/records/filter-expression.js';
import { MAX_SEARCH_LENGTH } from '../domain/records/list-limits.js';
import { FILTER_OPS, type FilterClause } from '../domain/records/list-query.js';
import { forbidden } from '../errors.js';
import type { TenantContext } from './core/context.js';

/** Input pieces shared by the record operations (the list and the aggregate read the same filters). */
export const entityName = z.string().trim().min(1).max(63).describe('Entity name (see list_entities)');
export const search = z.string().max(MAX_SEARCH_LENGTH, `search must be at most ${MAX_SEARCH_LENGTH} characters`);
export const orderDir = z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), z.enum(['asc', 'desc']));
export const entityParams = z.object({ entityName });

/** The MCP filter arguments: a filter string or `{ field: value }` equalities, and structured clauses. */
export const filterInputs = {
  filter: z
    .union([z.string().max(1000), z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))])
    .optional()
    .describe('Expression string, or { field: value } equalities'),
  filters: z
    .array(z.object({ field: z.string().min(1).max(100), op: z.enum(FILTER_OPS), value: z.string().max(2000) }))
    .max(50)
    .optional()
    .describe('[{ field, op, value }]'),
};

/** The clauses of the filter arguments, joined by "and". */
export function filterClausesOf(input: {
  filter?: string | Record<string, string | number | boolean> | undefined;
  filters?: FilterClause[] | undefined;
}): FilterClause[] {
  const clauses = [...(input.filters ?? [])];
  if (typeof input.filter === 'string') clauses.push(...parseFilterExpression(input.filter));
  else if (input.filter) {
    for (const [field, value] of Object.entries(input.filter)) clauses.push({ field, op: 'eq', value: String(value) });
  }
  return clauses;
}

/** `filter.<key>` (equality) and `filter.<key>.<op>`: the REST filter parameters of record reads. */
export const FILTER_PARAMETER = new RegExp(`^filter\\.[A-Za-z][A-Za-z0-9_]*(\\.(${FILTER_OPS.join('|')}))?$`);

export const filterFamily = {
  name: 'filter',
  pattern: FILTER_PARAMETER,
  schema: z.string().max(2000),
  description: `filter.<field>=value or filter.<field>.<op>=value with op one of ${FILTER_OPS.join(', ')}`,
};

/** The REST filter parameters of a query string as clauses. */
export function filterClauses(query: Record<string, unknown>): FilterClause[] {
  return Object.entries(query)
    .filter(([name]) => FILTER_PARAMETER.test(name))
    .map(([name, value]) => {
      const [, field, op] = name.split('.');
      return { field: field!, op: (op ?? 'eq') as FilterClause['op'], value: String(value) };
    });
}

/** Refuses a record action the caller's role (or per-entity permissions) does not allow. */
export function allow(ctx: TenantContext, action: RecordAction, entity: string): void {
  if (!canOnRecords(ctx.principal, action, entity)) {
    throw forbidden(`Your role does not allow "${action}" on records of ${entity}`);
  }
}
