import type { TenantTx } from '../../db/with-tenant.js';
import type { BuiltIndex, PublishedEntity } from '../entities/entity.types.js';
import type { PublishedEntityCache } from '../entities/published-entity.cache.js';
import { conditionsBinding, decodeCursor, encodeCursor, type CursorPosition } from './list-cursor.js';
import {
  buildConditionSql,
  buildListSql,
  keysetSql,
  sortValueSql,
  type FilterClause,
  type CountMode,
  type ListQuery,
  type SortKey,
} from './list-query.js';
import { indexCurrentSql, indexedCountSource, indexedPageSql, planIndexedList } from './indexed-source.js';
import { RECORD_COLUMNS } from './record.repository.js';
import { resolveRelations } from './record.service.js';
import type { RecordPage, RecordView } from './record.types.js';
import type { TotalEstimates } from './total-estimates.js';
import { visibleRecord } from './visible-data.js';

/**
 * The records list (docs/records.md, "Totals" and "Cursors"). One statement answers the page and
 * its total: the count source on the left, the page in a lateral join on the right. The total's
 * cost is bounded whatever the entity's size:
 * - no filters or search: the sum of the entity's slots in `record_counts` (exact, O(1));
 * - filters or search, `estimated` (the default): a count of at most threshold + 1 matching rows
 *   (from a declared index's entries alone when the index decides every condition);
 *   beyond the threshold the planner's estimate (a second, EXPLAIN statement), `totalExact: false`;
 *   for a few seconds after, the same conditions answer that estimate again without counting
 *   (total-estimates.ts);
 * - `exact`: a full count of the matching rows; `none`: no count at all.
 * The page reads `limit + 1` rows: the extra one tells whether a next page exists (`nextCursor`).
 */
export interface ListPlan {
  text: string;
  params: unknown[];
  count: 'counter' | 'bounded' | 'full' | 'none';
  /** The statement whose planner estimate stands for a total beyond the threshold (its parameters are the plan's first). */
  estimate: { text: string; params: unknown[] };
  sort: SortKey;
  binding: string;
  position: CursorPosition | null;
  /** Rows before this page. */
  passed: number;
  /**
   * The declared index the page is read through, or null. The statement's rows then carry
   * `indexCurrent`: false when a publish has changed that index since the entity was read.
   */
  index: BuiltIndex | null;
}

/** The SQL of one list, pure: what listRecords sends (tests EXPLAIN it). */
export function planList(tenantId: string, entity: PublishedEntity, query: ListQuery, exactCountThreshold: number): ListPlan {
  const params: unknown[] = [tenantId, entity.id];
  const sql = buildListSql(entity.definition, query, 3);
  params.push(...sql.params);
  const conditionCount = params.length;
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const scope = 'r.tenant_id = $1 and r.entity_id = $2';
  const where = `${scope}${sql.where}`;
  const binding = conditionsBinding(query);
  const position = query.after !== undefined ? decodeCursor(query.after, sql.sort, query.order, binding) : null;
  const offset = position ? 0 : (query.page - 1) * query.limit;
  const keyset = position ? keysetSql(sql.sort, query.order, position.value, position.id, p) : '';
  const mode: CountMode = query.count ?? 'estimated';
  const count = mode === 'none' ? 'none' : sql.where === '' ? 'counter' : mode === 'exact' ? 'full' : 'bounded';
  // A ready declared index that answers the list reads the page in its order (indexed-source.ts),
  // and counts from its entries alone when it decides every condition.
  const indexed = planIndexedList(entity, query);
  const counted = (count === 'full' || count === 'bounded') && indexed ? indexedCountSource(indexed, query, p) : null;
  const source = counted ?? `${sql.from} where ${where}`;
  // Row limits are written into the statement, not sent as parameters: with `limit $n` the planner
  // costs a generic plan as if it read a tenth of the matches, so a prepared list kept being
  // planned anew on every run (custom plans); with the number in the text the generic plan is chosen
  // after a few runs and planning is skipped (docs/records.md, "Lists that use an index").
  // A limit is at most 101 and the threshold one of the configuration: few statement texts.
  const pageLimit = sqlCount(query.limit + 1);
  const countSql =
    count === 'counter'
      ? 'select coalesce(sum(c.n), 0)::bigint as total from record_counts c where c.tenant_id = $1 and c.entity_id = $2'
      : count === 'full'
        ? `select count(*) as total from ${source}`
        : count === 'bounded'
          ? `select count(*) as total from (select 1 from ${source} limit ${sqlCount(exactCountThreshold + 1)}) b`
          : '';
  const pageSql = indexed
    ? indexedPageSql(indexed, query.order, `${remainingConditions(entity, query, indexed.consumed, params)}${keyset}`, p, {
        limit: pageLimit,
        offset: offset > 0 ? p(offset) : null,
        extra: [{ sql: sortValueSql(sql.sort), alias: 'sortValue' }],
        after: position ? { value: position.value, id: position.id } : undefined,
        recheck: sql.where,
      })
    : `select ${RECORD_COLUMNS}, ${sortValueSql(sql.sort)} as "sortValue" from ${sql.from} where ${where}${keyset}` +
      ` order by ${sql.orderBy} limit ${pageLimit}${offset > 0 ? ` offset ${p(offset)}` : ''}`;
  const current = indexed ? `, ${indexCurrentSql(indexed, p(indexed.index.id))} as "indexCurrent"` : '';
  const text =
    count === 'none'
      ? indexed
        ? `select p.*${current} from (select 1) o left join lateral (${pageSql}) p on true`
        : pageSql
      : `select c.total${current}, p.* from (${countSql}) c left join lateral (${pageSql}) p on true`;
  return {
    text,
    params,
    count,
    estimate: { text: `explain (format json) select 1 from ${sql.from} where ${where}`, params: params.slice(0, conditionCount) },
    sort: sql.sort,
    binding,
    position,
    passed: position ? position.passed : offset,
    index: indexed?.index ?? null,
  };
}

/** A row count as SQL text: a non-negative safe integer, or an error (never text from a request). */
function sqlCount(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`);
  return String(n);
}

/** The list's conditions less those the index decides, their parameters appended to `params`. */
function remainingConditions(entity: PublishedEntity, query: ListQuery, consumed: readonly FilterClause[], params: unknown[]): string {
  const rest = buildConditionSql(
    entity.definition,
    { filters: query.filters.filter((f) => !consumed.includes(f)), search: query.search },
    params.length + 1,
  );
  params.push(...rest.params);
  return rest.where;
}

type PageRow = Partial<RecordView> & { total?: string | number | null; sortValue?: string | null; indexCurrent?: boolean };

export interface ListOptions {
  resolve: boolean;
  /** Filtered totals are counted exactly up to this many matches (config LIST_EXACT_COUNT_THRESHOLD). */
  exactCountThreshold: number;
  /** Planner estimates of totals beyond the threshold, reused briefly. */
  estimates: TotalEstimates;
}

/** A page of records, its total (and whether it is exact) and the cursor of the next page. */
export async function listRecords(
  tx: TenantTx,
  entities: PublishedEntityCache,
  entity: PublishedEntity,
  query: ListQuery,
  options: ListOptions,
): Promise<RecordPage> {
  const counted = planList(tx.tenantId, entity, query, options.exactCountThreshold);
  // Matches found beyond the threshold moments ago: the total is that estimate again, and the page
  // is read alone (total-estimates.ts).
  const kept = counted.count === 'bounded' ? options.estimates.kept(counted.estimate) : undefined;
  const plan = kept === undefined ? counted : planList(tx.tenantId, entity, { ...query, count: 'none' }, options.exactCountThreshold);
  const rows = await tx.query<PageRow>(plan.text, plan.params);
  // Planned through an index a publish has changed since the entity was read (another process's
  // publish not heard of yet): read nothing through it, and answer the list without it.
  if (plan.index && rows[0]?.indexCurrent === false) {
    const stale = plan.index.id;
    return listRecords(tx, entities, { ...entity, builtIndexes: entity.builtIndexes?.filter((i) => i.id !== stale) }, query, options);
  }
  const found = rows.filter((r) => r.id !== null && r.id !== undefined);
  const hasMore = found.length > query.limit;
  const onPage = hasMore ? found.slice(0, query.limit) : found;

  let total: number;
  let totalExact = true;
  if (kept !== undefined) {
    total = Math.max(kept, options.exactCountThreshold + 1);
    totalExact = false;
  } else if (plan.count === 'none') {
    total = plan.passed + onPage.length + (hasMore ? 1 : 0);
    totalExact = false;
  } else {
    total = Number(rows[0]?.total ?? 0);
    if (plan.count === 'bounded' && total > options.exactCountThreshold) {
      const estimate = await options.estimates.of(plan.estimate, () => plannerEstimate(tx, plan.estimate));
      total = Math.max(estimate, options.exactCountThreshold + 1);
      totalExact = false;
    }
  }

  const last = onPage.at(-1);
  const nextCursor =
    hasMore && last
      ? encodeCursor(plan.sort, query.order, plan.binding, {
          value: last.sortValue ?? null,
          id: last.id!,
          passed: plan.passed + onPage.length,
        })
      : null;
  const data = onPage.map((r) =>
    visibleRecord(entity.definition, {
      id: r.id!,
      entityId: r.entityId!,
      name: r.name!,
      data: r.data!,
      createdAt: r.createdAt!,
      updatedAt: r.updatedAt!,
    }),
  );
  if (options.resolve) await resolveRelations(tx, entities, entity.definition, data);
  const page = plan.position ? Math.floor(plan.passed / query.limit) + 1 : query.page;
  return { data, total, totalExact, page, limit: query.limit, totalPages: Math.ceil(total / query.limit), nextCursor };
}

/** The planner's row estimate of a statement (EXPLAIN, nothing executed). */
async function plannerEstimate(tx: TenantTx, statement: { text: string; params: unknown[] }): Promise<number> {
  const [row] = await tx.query<Record<string, unknown>>(statement.text, statement.params);
  const raw = row ? Object.values(row)[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan?: { 'Plan Rows'?: number } }> | undefined;
  return Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
}
