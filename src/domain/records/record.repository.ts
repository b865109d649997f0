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
  /** Values of the record the write statement reads itself (see ValueInWrite); `data` lacks their fields. */
  valuesInWrite?: readonly ValueInWrite[];
  /** An insert's index keys, computed by the service (see IndexKeysInWrite). */
  indexKeys?: IndexKeysInWrite | undefined;
}

/**
 * The index keys an INSERT carries (index-keys.ts): values for the slot columns, and the claim of
 * which indexes they are for, which the statement sets (transaction-locally, as
 * `app.index_keys`) before its row is formed; the records trigger keeps the keys when the claim
 * matches the entity's indexes and clears it (migration 024).
 */
export interface IndexKeysInWrite {
  /**
   * The slot columns it sets: each to a parameter of `type` or to `literal` (a key half that is
   * the same for every record of the index, so the statement text is one per index layout).
   */
  columns: ReadonlyArray<{ name: string; type: 'text' | 'float8'; literal?: "''" | '0' }>;
  /** One per column without a literal, as text. */
  values: readonly string[];
  claim: string;
}

/** The setting that carries a create's claim to the records trigger (migration 024). */
const CLAIM = 'app.index_keys';

/**
 * A number field of the record whose value the write statement reads itself, from another record
 * of the tenant — a rule's lookup folded into the write (docs/rules.md "Performance"): `sql` is a
 * scalar subquery answering a jsonb value, or no row / NULL for none; like a companion it may use
 * `$1` (the tenant, which it must carry: `tenant_id = $1`) and `param(i)` for its own `params[i]`.
 * A JSON number is stored in `field`; none, or JSON null, leaves the field out. Anything else is
 * what schema validation must judge (a numeric string is converted, other values refused), which
 * the statement cannot: it then writes nothing and answers `refused`.
 */
export interface ValueInWrite {
  readonly field: string;
  sql(param: (index: number) => string): string;
  readonly params: readonly unknown[];
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

/**
 * The saved record; or — when a guard failed — the indexes of the failed guard entries; or, when a
 * value read in the write is not a number (ValueInWrite), `refused`. Nothing is written in the last two.
 */
export type WriteResult =
  | { saved: RecordView; failed?: undefined; refused?: undefined }
  | { saved?: undefined; failed: number[]; refused?: undefined }
  | { saved?: undefined; failed?: undefined; refused: true };

/** A gate of the write: a CTE `name` of one row whose `ok` condition must hold for anything to be written. */
interface Gate {
  name: string;
  cte: string;
  ok: string;
  /** What the answer's row carries of it. */
  result: string;
}

/**
 * The relation guard as a gate: one `exists` probe per relation value, in the same statement — the
 * same snapshot — as the write it gates. Its text depends only on the number of values, so each
 * form is prepared once and, its estimates being exact, soon runs on a generic plan (an `unnest`
 * of an array would be re-planned on every run). Parameters from `$first` on: id, entity id.
 */
function guardGate(first: number, count: number): Gate {
  const probes = Array.from({ length: count }, (_, i) => {
    const id = `$${first + 2 * i}`;
    const entity = `$${first + 2 * i + 1}`;
    return `exists (select 1 from records t where t.tenant_id = $1 and t.id = ${id}::uuid and (${entity}::uuid is null or t.entity_id = ${entity}::uuid)) as ok${i}`;
  });
  const names = probes.map((_, i) => `checked.ok${i}`);
  return {
    name: 'checked',
    cte: `checked as (select ${probes.join(', ')})`,
    ok: names.join(' and '),
    result: `array[${names.join(', ')}] as found`,
  };
}

/**
 * The values read in the write as a gate (ValueInWrite): one row of their jsonb values `v0…`,
 * which must each be a number or none; `dataPatch` adds the numbers to the record's data.
 * Parameters from `$first` on: each field key, then each value's own.
 */
function valuesGate(first: number, values: readonly ValueInWrite[]): Gate & { dataPatch: string } {
  let next = first + values.length;
  const reads = values.map((v, i) => {
    const own = next;
    next += v.params.length;
    return `(${v.sql((index) => `$${own + index}`)}) as v${i}`;
  });
  const names = values.map((_, i) => `fetched.v${i}`);
  const fields = values.map((_, i) => `$${first + i}::text, ${names[i]}`);
  const accepted = names.map((v) => `coalesce(jsonb_typeof(${v}), 'null') in ('number', 'null')`).join(' and ');
  return {
    name: 'fetched',
    cte: `fetched as (select ${reads.join(', ')})`,
    ok: accepted,
    result: `${accepted} as accepted`,
    dataPatch: ` || jsonb_strip_nulls(jsonb_build_object(${fields.join(', ')}))`,
  };
}

const valueParams = (values: readonly ValueInWrite[]) => [...values.map((v) => v.field), ...values.flatMap((v) => v.params)];

/**
 * The write's text: `row` is the INSERT or UPDATE given the gates (its `from`/`where` take their
 * CTEs and conditions) and what the record's data parameter is patched with.
 */
type WriteSql = (gates: readonly Gate[], dataPatch: string) => string;

const gatesFrom = (gates: readonly Gate[]) => gates.map((g) => g.name).join(', ');
const gatesOk = (gates: readonly Gate[]) => gates.map((g) => g.ok).join(' and ');

/**
 * The INSERT carrying index keys: their values are parameters $6… and the claim the one after them.
 * The claim is set in a FROM item the WHERE reads, so before the row reaches the trigger.
 */
const insertWithKeys =
  (keys: IndexKeysInWrite): WriteSql =>
  (gates, patch) => {
    const columns = ['tenant_id', 'entity_id', 'name', 'data', 'search_text', ...keys.columns.map((c) => c.name)];
    let next = 6;
    const keyValues = keys.columns.map((c) => c.literal ?? `$${next++}::${c.type}`);
    const values = ['$1::uuid', '$2::uuid', '$3::text', `$4::text::jsonb${patch}`, 'tb_search_norm($5)', ...keyValues];
    const claim = `(select set_config('${CLAIM}', $${next}::text, true) as claimed) claim`;
    return `insert into records as r (${columns.join(', ')})
    select ${values.join(', ')} from ${[...gates.map((g) => g.name), claim].join(', ')}
     where ${[...gates.map((g) => g.ok), 'claim.claimed is not null'].join(' and ')}
    returning ${RECORD_COLUMNS}`;
  };

const insertRow: WriteSql = (gates, patch) =>
  gates.length
    ? `insert into records as r (tenant_id, entity_id, name, data, search_text)
    select $1::uuid, $2::uuid, $3::text, $4::text::jsonb${patch}, tb_search_norm($5) from ${gatesFrom(gates)} where ${gatesOk(gates)}
    returning ${RECORD_COLUMNS}`
    : `insert into records as r (tenant_id, entity_id, name, data, search_text)
     values ($1, $2, $3, $4::text::jsonb, tb_search_norm($5))
     returning ${RECORD_COLUMNS}`;

const updateSet = (patch: string) => `name = $4, data = $5::text::jsonb${patch}, search_text = tb_search_norm($6), updated_at = now()`;
const updateRow: WriteSql = (gates, patch) =>
  gates.length
    ? `update records as r set ${updateSet(patch)} from ${gatesFrom(gates)}
     where r.tenant_id = $1 and r.entity_id = $2 and r.id = $3 and ${gatesOk(gates)}
    returning ${RECORD_COLUMNS}`
    : `update records as r set ${updateSet('')} where r.tenant_id = $1 and r.entity_id = $2 and r.id = $3
     returning ${RECORD_COLUMNS}`;

/**
 * The write statement: the row's INSERT or UPDATE, behind its gates' CTEs (the relation guard when
 * there are relation values to verify, the values read in the write when there are some), and
 * beside its companions' CTEs. Parameters: the row's own, the guard's, the values', the
 * companions'. Its text depends only on the numbers of guard values, values and companions and
 * their texts.
 */
function writeSql(
  row: WriteSql,
  own: number,
  guarded: number,
  values: readonly ValueInWrite[],
  companions: readonly WriteCompanion[],
  claimed: boolean,
): string {
  const gates: Gate[] = [];
  let next = own + 1;
  if (guarded > 0) gates.push(guardGate(next, guarded));
  next += 2 * guarded;
  let patch = '';
  if (values.length > 0) {
    const gate = valuesGate(next, values);
    gates.push(gate);
    patch = gate.dataPatch;
    next += valueParams(values).length;
  }
  if (gates.length === 0 && companions.length === 0) return row([], '');
  const ctes = companions.map((c, i) => {
    const first = next;
    next += c.params.length;
    return `along${i} as (${c.sql((index) => `$${first + index}`)})`;
  });
  const saved = `saved as (${row(gates, patch)})`;
  // A gate that failed leaves no row for the trigger to clear the claim on: the answer clears it.
  const unclaim = claimed ? `, set_config('${CLAIM}', '', true) as "unclaimed"` : '';
  const result = gates.length
    ? `select saved.*, ${gates.map((g) => g.result).join(', ')}${unclaim} from ${gatesFrom(gates)} left join saved on true`
    : 'select * from saved';
  return `with ${[...gates.map((g) => g.cte), saved, ...ctes].join(', ')}
  ${result}`;
}

type WriteRow = RecordRow & { found?: boolean[]; accepted?: boolean; unclaimed?: string };

async function runWrite(tx: TenantTx, row: WriteSql, params: unknown[], options: WriteOptions): Promise<WriteResult> {
  const guard = options.guard ?? [];
  const values = options.valuesInWrite ?? [];
  const companions = options.companions ?? [];
  const text = writeSql(row, params.length, guard.length, values, companions, options.indexKeys !== undefined);
  const all = [...params, ...guard.flatMap((g) => [g.id, g.entityId]), ...valueParams(values), ...companions.flatMap((c) => c.params)];
  const rows = await (options.last ? tx.queryAndCommit<WriteRow>(text, all) : tx.query<WriteRow>(text, all));
  const row0 = rows[0];
  if (!row0) throw new Error('record write returned no row');
  const { found, accepted, unclaimed: _unclaimed, ...saved } = row0;
  // A refused value comes first: the save runs again the long way, which then decides which error wins.
  if (accepted === false) return { refused: true };
  const failed = (found ?? []).flatMap((ok, i) => (ok ? [] : [i]));
  if (failed.length) return { failed };
  if (!saved.id) throw new Error('record write matched no row');
  return { saved };
}

export async function insertRecord(tx: TenantTx, entityId: string, write: RecordWrite, options: WriteOptions = {}): Promise<WriteResult> {
  const own = [tx.tenantId, entityId, write.name, JSON.stringify(write.data), write.searchText];
  const keys = options.indexKeys;
  return keys ? runWrite(tx, insertWithKeys(keys), [...own, ...keys.values, keys.claim], options) : runWrite(tx, insertRow, own, options);
}

export async function updateRecordRow(
  tx: TenantTx,
  entityId: string,
  id: string,
  write: RecordWrite,
  options: WriteOptions = {},
): Promise<WriteResult> {
  // An update's keys are the trigger's: it has no claim to make.
  const { indexKeys: _none, ...rest } = options;
  return runWrite(tx, updateRow, [tx.tenantId, entityId, id, write.name, JSON.stringify(write.data), write.searchText], rest);
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
