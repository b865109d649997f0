import type { TenantTx } from '../../db/with-tenant.js';
import type { RecordView } from './record.types.js';

/** Columns every record read selects, aliased to the client shape. */
export const RECORD_COLUMNS =
  'r.id, r.entity_id as "entityId", r.name, r.data, r.created_at as "createdAt", r.updated_at as "updatedAt"';

type RecordRow = RecordView;

/**
 * A record by id, whatever its entity: callers compare `entityId` with the entity they loaded,
 * which lets this lookup go out together with the entity's (one round trip instead of two).
 * `forUpdate` locks it for the rest of the transaction (concurrent updates of one record queue).
 */
export async function findRecordById(tx: TenantTx, id: string, options: { forUpdate?: boolean } = {}): Promise<RecordView | null> {
  const rows = await tx.query<RecordRow>(
    `select ${RECORD_COLUMNS} from records r where r.tenant_id = $1 and r.id = $2${options.forUpdate ? ' for update' : ''}`,
    [tx.tenantId, id],
  );
  return rows[0] ?? null;
}

export interface RecordWrite {
  name: string;
  data: Record<string, unknown>;
  searchText: string;
}

export interface WriteOptions {
  /**
   * Relation values the statement verifies itself: nothing is written unless each names an
   * existing record of this tenant, of `entityId` when not null.
   */
  guard?: ReadonlyArray<{ id: string; entityId: string | null }>;
  /** The transaction's last statement: COMMIT goes with it (TenantTx.queryAndCommit). */
  last?: boolean;
}

/** The saved record, or — when a guard failed — the indexes of the failed guard entries. */
export type WriteResult = { saved: RecordView; failed?: undefined } | { saved?: undefined; failed: number[] };

/**
 * The relation guard as a CTE: the guard entries (0-based) with no matching record, checked in the
 * same statement — the same snapshot — as the write they gate.
 */
const missingCte = (ids: string, entityIds: string) => `missing as (
    select (w.n - 1)::int as n from unnest(${ids}::uuid[], ${entityIds}::uuid[]) with ordinality as w(id, entity_id, n)
     where not exists (select 1 from records t where t.tenant_id = $1 and t.id = w.id and (w.entity_id is null or t.entity_id = w.entity_id)))`;
const guardedResult = `select saved.*, (select array_agg(n) from missing) as missing from (select) as one left join saved on true`;

const INSERT = `insert into records as r (tenant_id, entity_id, name, data, search_text)
     values ($1, $2, $3, $4::text::jsonb, tb_search_norm($5))
     returning ${RECORD_COLUMNS}`;
const GUARDED_INSERT = `with ${missingCte('$6', '$7')},
  saved as (
    insert into records as r (tenant_id, entity_id, name, data, search_text)
    select $1::uuid, $2::uuid, $3::text, $4::text::jsonb, tb_search_norm($5) where not exists (select 1 from missing)
    returning ${RECORD_COLUMNS})
  ${guardedResult}`;
const UPDATE = `update records as r set name = $4, data = $5::text::jsonb, search_text = tb_search_norm($6), updated_at = now()
      where r.tenant_id = $1 and r.entity_id = $2 and r.id = $3
     returning ${RECORD_COLUMNS}`;
const GUARDED_UPDATE = `with ${missingCte('$7', '$8')},
  saved as (
    update records as r set name = $4, data = $5::text::jsonb, search_text = tb_search_norm($6), updated_at = now()
     where r.tenant_id = $1 and r.entity_id = $2 and r.id = $3 and not exists (select 1 from missing)
    returning ${RECORD_COLUMNS})
  ${guardedResult}`;

async function runWrite(tx: TenantTx, plain: string, guarded: string, params: unknown[], options: WriteOptions): Promise<WriteResult> {
  const guard = options.guard ?? [];
  const text = guard.length ? guarded : plain;
  const all = guard.length ? [...params, guard.map((g) => g.id), guard.map((g) => g.entityId)] : params;
  const rows = await (options.last ? tx.queryAndCommit<RecordRow & { missing?: number[] | null }>(text, all) : tx.query<RecordRow & { missing?: number[] | null }>(text, all));
  const row = rows[0];
  if (!row) throw new Error('record write returned no row');
  if (row.missing) return { failed: row.missing };
  const { missing: _missing, ...saved } = row;
  return { saved };
}

export async function insertRecord(tx: TenantTx, entityId: string, write: RecordWrite, options: WriteOptions = {}): Promise<WriteResult> {
  return runWrite(tx, INSERT, GUARDED_INSERT, [tx.tenantId, entityId, write.name, JSON.stringify(write.data), write.searchText], options);
}

export async function updateRecordRow(
  tx: TenantTx,
  entityId: string,
  id: string,
  write: RecordWrite,
  options: WriteOptions = {},
): Promise<WriteResult> {
  return runWrite(tx, UPDATE, GUARDED_UPDATE, [tx.tenantId, entityId, id, write.name, JSON.stringify(write.data), write.searchText], options);
}

export async function deleteRecordRow(tx: TenantTx, entityId: string, id: string): Promise<boolean> {
  const rows = await tx.query('delete from records where tenant_id = $1 and entity_id = $2 and id = $3 returning id', [
    tx.tenantId,
    entityId,
    id,
  ]);
  return rows.length > 0;
}

export async function storeEmbedding(tx: TenantTx, id: string, embedding: number[] | null): Promise<void> {
  await tx.query('update records set embedding = $3::real[] where tenant_id = $1 and id = $2', [tx.tenantId, id, embedding]);
}

/** Records by id, whatever their entity: the targets of relation fields (one query per field per page). */
export async function findRecordsByIds(
  tx: TenantTx,
  ids: readonly string[],
): Promise<Array<{ id: string; name: string; data: Record<string, unknown> }>> {
  if (ids.length === 0) return [];
  return tx.query('select id, name, data from records where tenant_id = $1 and id = any($2::uuid[])', [tx.tenantId, ids]);
}
