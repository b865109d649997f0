import type { TenantTx } from '../../db/with-tenant.js';
import type { RecordView } from './record.types.js';

/** Columns every record read selects, aliased to the client shape. */
export const RECORD_COLUMNS = 'r.id, r.entity_id as "entityId", r.name, r.data, r.created_at as "createdAt", r.updated_at as "updatedAt"';

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
  /** Statements that travel inside the write statement (see WriteCompanion). */
  companions?: readonly WriteCompanion[];
}

/**
 * A data-modifying statement that goes out inside a record's write statement, as a CTE beside it:
 * same snapshot, same round trip, and committed or rolled back with the write (the rules' runs log
 * rides this way, docs/rules.md "Rule runs"). Its text may read the written row as `saved`
 * (`saved.id`; no row when a relation guard failed) and the tenant id as `$1`; `param(i)` is the
 * placeholder of its own `params[i]`. It must carry its own `tenant_id = $1` (docs/scaling.md).
 */
export interface WriteCompanion {
  sql(param: (index: number) => string): string;
  readonly params: readonly unknown[];
}

/** The saved record, or — when a guard failed — the indexes of the failed guard entries. */
export type WriteResult = { saved: RecordView; failed?: undefined } | { saved?: undefined; failed: number[] };

/**
 * The relation guard as a CTE: one `exists` probe per relation value, in the same statement — the
 * same snapshot — as the write it gates. Its text depends only on the number of values, so each
 * form is prepared once and, its estimates being exact, soon runs on a generic plan (an `unnest`
 * of an array would be re-planned on every run). Parameters from `$first` on: id, entity id.
 */
function guardSql(first: number, count: number) {
  const probes = Array.from({ length: count }, (_, i) => {
    const id = `$${first + 2 * i}`;
    const entity = `$${first + 2 * i + 1}`;
    return `exists (select 1 from records t where t.tenant_id = $1 and t.id = ${id}::uuid and (${entity}::uuid is null or t.entity_id = ${entity}::uuid)) as ok${i}`;
  });
  const names = probes.map((_, i) => `checked.ok${i}`);
  return {
    cte: `checked as (select ${probes.join(', ')})`,
    allFound: names.join(' and '),
    result: `select saved.*, array[${names.join(', ')}] as found from checked left join saved on true`,
  };
}

/** The write's text: `row` is the INSERT or UPDATE (its `from`/`where` given the guard's CTE when there is one). */
type WriteSql = (guard: ReturnType<typeof guardSql> | null) => string;

const insertRow: WriteSql = (g) =>
  g
    ? `insert into records as r (tenant_id, entity_id, name, data, search_text)
    select $1::uuid, $2::uuid, $3::text, $4::text::jsonb, tb_search_norm($5) from checked where ${g.allFound}
    returning ${RECORD_COLUMNS}`
    : `insert into records as r (tenant_id, entity_id, name, data, search_text)
     values ($1, $2, $3, $4::text::jsonb, tb_search_norm($5))
     returning ${RECORD_COLUMNS}`;

const UPDATE_SET = 'name = $4, data = $5::text::jsonb, search_text = tb_search_norm($6), updated_at = now()';
const updateRow: WriteSql = (g) =>
  g
    ? `update records as r set ${UPDATE_SET} from checked
     where r.tenant_id = $1 and r.entity_id = $2 and r.id = $3 and ${g.allFound}
    returning ${RECORD_COLUMNS}`
    : `update records as r set ${UPDATE_SET} where r.tenant_id = $1 and r.entity_id = $2 and r.id = $3
     returning ${RECORD_COLUMNS}`;

/**
 * The write statement: the row's INSERT or UPDATE, behind the relation guard's CTE when there are
 * relation values to verify, and beside its companions' CTEs (their parameters after the guard's).
 * Its text depends only on the numbers of guard values and companions and their texts.
 */
function writeSql(row: WriteSql, own: number, guarded: number, companions: readonly WriteCompanion[]): string {
  const g = guarded > 0 ? guardSql(own + 1, guarded) : null;
  if (!g && companions.length === 0) return row(null);
  let next = own + 2 * guarded;
  const ctes = companions.map((c, i) => {
    const first = next;
    next += c.params.length;
    return `along${i} as (${c.sql((index) => `$${first + 1 + index}`)})`;
  });
  const saved = `saved as (${row(g)})`;
  return `with ${[...(g ? [g.cte] : []), saved, ...ctes].join(', ')}
  ${g ? g.result : 'select * from saved'}`;
}

type WriteRow = RecordRow & { found?: boolean[] };

async function runWrite(tx: TenantTx, row: WriteSql, params: unknown[], options: WriteOptions): Promise<WriteResult> {
  const guard = options.guard ?? [];
  const companions = options.companions ?? [];
  const text = writeSql(row, params.length, guard.length, companions);
  const all = [...params, ...guard.flatMap((g) => [g.id, g.entityId]), ...companions.flatMap((c) => c.params)];
  const rows = await (options.last ? tx.queryAndCommit<WriteRow>(text, all) : tx.query<WriteRow>(text, all));
  const row0 = rows[0];
  if (!row0) throw new Error('record write returned no row');
  const { found, ...saved } = row0;
  const failed = (found ?? []).flatMap((ok, i) => (ok ? [] : [i]));
  if (failed.length) return { failed };
  if (!saved.id) throw new Error('record write matched no row');
  return { saved };
}

export async function insertRecord(tx: TenantTx, entityId: string, write: RecordWrite, options: WriteOptions = {}): Promise<WriteResult> {
  return runWrite(tx, insertRow, [tx.tenantId, entityId, write.name, JSON.stringify(write.data), write.searchText], options);
}

export async function updateRecordRow(
  tx: TenantTx,
  entityId: string,
  id: string,
  write: RecordWrite,
  options: WriteOptions = {},
): Promise<WriteResult> {
  return runWrite(tx, updateRow, [tx.tenantId, entityId, id, write.name, JSON.stringify(write.data), write.searchText], options);
}

/** Deletes a record; answers it as it was, or null when there was none. */
export async function deleteRecordRow(tx: TenantTx, entityId: string, id: string): Promise<RecordView | null> {
  const rows = await tx.query<RecordRow>(
    `delete from records r where r.tenant_id = $1 and r.entity_id = $2 and r.id = $3 returning ${RECORD_COLUMNS}`,
    [tx.tenantId, entityId, id],
  );
  return rows[0] ?? null;
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
