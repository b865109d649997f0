import type { TenantTx } from '../../db/with-tenant.js';
import type { PublishedEntity } from '../entities/entity.types.js';
import { buildAggregateSql, type AggregateOp, type AggregateQuery } from './aggregate-query.js';

/** An aggregated value: a number, an ISO 8601 date or instant (min/max of dates), or null over no values. */
export type AggregateValue = number | string | null;

export interface AggregateGroup {
  key: unknown;
  value: AggregateValue;
  count: number;
}

/** The answer of an aggregate (docs/records.md, "Aggregates"). */
export type AggregateResult =
  | { op: AggregateOp; field: string | null; value: AggregateValue; count: number }
  | { op: AggregateOp; field: string | null; groupBy: string; groups: AggregateGroup[]; totalGroups: number; truncated: boolean };

const asValue = (v: unknown): AggregateValue => (v instanceof Date ? v.toISOString() : (v as AggregateValue));

/** Runs one aggregate in the database: one statement, whatever the number of records or groups. */
export async function aggregateRecords(tx: TenantTx, entity: PublishedEntity, query: AggregateQuery): Promise<AggregateResult> {
  const sql = buildAggregateSql(entity.definition, query);
  const params = [tx.tenantId, entity.id, ...sql.params];
  const field = query.field ?? null;
  if (!sql.grouped) {
    const [row] = await tx.query<{ count: number; value: unknown }>(sql.text, params);
    return { op: query.op, field, value: asValue(row?.value ?? null), count: Number(row?.count ?? 0) };
  }
  const rows = await tx.query<{ key: unknown; value: unknown; count: number; groups: number }>(sql.text, params);
  const totalGroups = Number(rows[0]?.groups ?? 0);
  return {
    op: query.op,
    field,
    groupBy: query.groupBy!,
    groups: rows.map((r) => ({ key: r.key ?? null, value: asValue(r.value), count: Number(r.count) })),
    totalGroups,
    truncated: totalGroups > rows.length,
  };
}
