import type { TenantTx } from '../../db/with-tenant.js';
import { validationError } from '../../errors.js';
import type { PublishedEntity } from '../entities/entity.types.js';
import { buildListSql, fieldExpression, type FilterClause } from './list-query.js';

export const AGGREGATE_FUNCTIONS = ['count', 'sum', 'avg', 'min', 'max'] as const;
export type AggregateFunction = (typeof AGGREGATE_FUNCTIONS)[number];

export interface AggregateQuery {
  fn: AggregateFunction;
  /** The numeric field summed, averaged…; not used by count. */
  field?: string | undefined;
  groupBy?: string | undefined;
  filters: FilterClause[];
}

export interface AggregateResult {
  value: number | null;
  count: number;
  /** With groupBy: one group per value (at most 100, by value). */
  groups?: Array<{ key: unknown; value: number | null; count: number }>;
}

const MAX_GROUPS = 100;
const NUMERIC = new Set(['number', 'integer']);

/**
 * count / sum / avg / min / max of a number field over the records matching `filters` (the list's
 * filter language), optionally per value of `groupBy`. One statement, pinned to the tenant.
 */
export async function aggregateRecords(tx: TenantTx, entity: PublishedEntity, q: AggregateQuery): Promise<AggregateResult> {
  const fields = new Map(entity.definition.fields.map((f) => [f.fieldKey, f]));
  const field = q.field === undefined ? undefined : fields.get(q.field);
  if (q.fn !== 'count' && (!field || !NUMERIC.has(field.fieldType)))
    throw validationError(`${q.fn} needs a number or integer field of ${entity.name}`);
  const group = q.groupBy === undefined ? undefined : fields.get(q.groupBy);
  if (q.groupBy !== undefined && !group) throw validationError(`groupBy: unknown field "${q.groupBy}"`);
  const sql = buildListSql(entity.definition, { page: 1, limit: 1, order: 'asc', filters: q.filters }, 3);
  const value = q.fn === 'count' ? 'count(*)::float8' : `${q.fn}(${fieldExpression(field!)})::float8`;
  const scope = `from records r where r.tenant_id = $1 and r.entity_id = $2${sql.where}`;
  const params = [tx.tenantId, entity.id, ...sql.params];
  if (!group) {
    const [row] = await tx.query<{ value: number | null; count: number }>(
      `select ${value} as value, count(*)::int as count ${scope}`,
      params,
    );
    return { value: row?.value ?? null, count: row?.count ?? 0 };
  }
  const key = fieldExpression(group);
  const rows = await tx.query<{ key: unknown; value: number | null; count: number }>(
    `select ${key} as key, ${value} as value, count(*)::int as count ${scope} group by 1 order by 1 nulls last limit ${MAX_GROUPS}`,
    params,
  );
  const count = rows.reduce((n, r) => n + r.count, 0);
  const total = q.fn === 'count' ? count : null;
  return {
    value: total,
    count,
    groups: rows.map((r) => ({ key: r.key, value: r.value === null ? null : Number(r.value), count: r.count })),
  };
}
