import type { TenantTx } from '../../../db/with-tenant.js';
import { findPublishedEntityCached, type PublishedEntityCache } from '../../entities/published-entity.cache.js';
import { isTruthy, toRuleValue, type EvalEnv } from '../dsl/index.js';
import type { CompiledCompute } from './compiled.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What evaluating a compute may use: the tenant's transaction (lookups, aggregates read only it) and the clock. */
export interface EvalContext {
  readonly tx: TenantTx;
  readonly entities: PublishedEntityCache;
  readonly env: EvalEnv;
}

/** The record as expressions read it: its values and its id (null before a create is written). */
export type Snapshot = Readonly<Record<string, unknown>>;

async function entityId(ctx: EvalContext, name: string): Promise<string | null> {
  const found = await findPublishedEntityCached(ctx.tx, ctx.entities, name);
  return found && 'id' in found ? found.id : null;
}

/** A JSON value as stored, for containment: `{ "<field>": value }`. */
const containing = (pairs: ReadonlyArray<readonly [string, unknown]>) => JSON.stringify(Object.fromEntries(pairs));

/**
 * What a lookup needs to read for a record: nothing (`value`: no match is possible), or the
 * statement that reads it — `sql(param)` a SELECT answering one row `{ v }` (jsonb) or none, with
 * `$1` the tenant and `param(i)` the placeholder of `params[i]`. Run on its own, or folded into the
 * record's write statement (save-hooks.ts).
 */
export type LookupRead = { value: unknown } | { sql: (param: (index: number) => string) => string; params: unknown[] };

export async function lookupRead(ctx: EvalContext, c: Extract<CompiledCompute, { kind: 'lookup' }>, values: Snapshot): Promise<LookupRead> {
  const wanted = Object.hasOwn(values, c.matchValue) ? values[c.matchValue] : null;
  if (wanted === null || wanted === undefined || typeof wanted === 'object') return { value: null };
  const id = await entityId(ctx, c.entity);
  if (!id) return { value: null };
  const params: unknown[] = [id];
  let where: (p: (index: number) => string) => string;
  if (c.matchField === 'id') {
    if (typeof wanted !== 'string' || !UUID.test(wanted)) return { value: null };
    where = (p) => `r.id = ${p(1)}::uuid`;
    params.push(wanted);
  } else {
    where = (p) => `r.data @> ${p(1)}::text::jsonb`;
    params.push(containing([[c.matchField, wanted]]));
  }
  let result: (p: (index: number) => string) => string = () => 'to_jsonb(r.id::text)';
  if (c.resultField !== 'id') {
    params.push(c.resultField);
    result = (p) => `r.data -> ${p(2)}::text`;
  }
  return {
    sql: (p) =>
      `select ${result(p)} as v from records r where r.tenant_id = $1 and r.entity_id = ${p(0)}::uuid and ${where(p)}
      order by r.created_at, r.id limit 1`,
    params,
  };
}

async function lookup(ctx: EvalContext, c: Extract<CompiledCompute, { kind: 'lookup' }>, values: Snapshot): Promise<unknown> {
  const read = await lookupRead(ctx, c, values);
  if ('value' in read) return read.value;
  // Often a create's first statement: read ahead, it leaves the save one statement (TenantTx.readCommitted).
  const rows = await ctx.tx.readCommitted<{ v: unknown }>(
    read.sql((i) => `$${i + 2}`),
    [ctx.tx.tenantId, ...read.params],
  );
  return rows[0]?.v ?? null;
}

async function aggregate(ctx: EvalContext, c: Extract<CompiledCompute, { kind: 'aggregate' }>, values: Snapshot): Promise<unknown> {
  const empty = c.op === 'count' || c.op === 'sum' ? 0 : null;
  const pairs = c.filter.map(([theirs, ours]) => [theirs, Object.hasOwn(values, ours) ? values[ours] : null] as const);
  // A link with no value (the record's own id before it is written, an empty relation) matches nothing.
  if (pairs.some(([, v]) => v === null || v === undefined || typeof v === 'object')) return empty;
  const id = await entityId(ctx, c.entity);
  if (!id) return empty;
  const byId = pairs.find(([theirs]) => theirs === 'id');
  if (byId && (typeof byId[1] !== 'string' || !UUID.test(byId[1]))) return empty;
  const data = pairs.filter(([theirs]) => theirs !== 'id');
  const params: unknown[] = [ctx.tx.tenantId, id, byId ? byId[1] : null, containing(data)];
  let op = 'count(*)';
  // count counts the linked records; the others read the field's numeric values (others are skipped).
  if (c.op !== 'count' && c.field !== null) {
    params.push(c.field);
    const number = `case when jsonb_typeof(r.data -> $5) = 'number' then (r.data ->> $5)::float8 end`;
    op = `${c.op}(${number})`;
  }
  const rows = await ctx.tx.readCommitted<{ v: number | string | null }>(
    `select (${op})::float8 as v from records r
      where r.tenant_id = $1 and r.entity_id = $2 and ($3::uuid is null or r.id = $3::uuid) and r.data @> $4::text::jsonb`,
    params,
  );
  const v = rows[0]?.v;
  if (v === null || v === undefined) return empty;
  const n = Number(v);
  return Number.isFinite(n) ? n : empty;
}

/** The value of one compute for a record. Formulas and conditionals never fail; lookups and aggregates read the tenant's records. */
export async function evaluateCompute(ctx: EvalContext, compute: CompiledCompute, values: Snapshot): Promise<unknown> {
  switch (compute.kind) {
    case 'formula':
      return compute.expression.evaluate(values, ctx.env);
    case 'conditional': {
      for (const b of compute.branches) if (isTruthy(b.when.evaluate(values, ctx.env))) return b.then.evaluate(values, ctx.env);
      return compute.otherwise ? compute.otherwise.evaluate(values, ctx.env) : null;
    }
    case 'lookup':
      return lookup(ctx, compute, values);
    case 'aggregate':
      return aggregate(ctx, compute, values);
    default: {
      const never: never = compute;
      throw new Error(`unknown compute ${JSON.stringify(never)}`);
    }
  }
}

/** The values a compute read, for the runs log. */
export function readsOf(reads: readonly string[], values: Snapshot): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of reads) out[key] = Object.hasOwn(values, key) ? toRuleValue(values[key]) : null;
  return out;
}
