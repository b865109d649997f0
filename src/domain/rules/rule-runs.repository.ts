import type { TenantTx } from '../../db/with-tenant.js';
import type { WriteCompanion } from '../records/record.repository.js';
import type { SaveActor } from '../records/save-state.js';
import type { RuleFinding } from './engine/run-steps.js';

/** One run of a published rule in a save, as list_rule_runs answers it. */
export interface RuleRun {
  id: string;
  ruleId: string;
  ruleName: string;
  entityName: string;
  recordId: string | null;
  operation: 'create' | 'update';
  triggerType: string;
  actor: SaveActor | null;
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown>;
  validation: { result: 'passed' | 'warning' | 'info'; findings: Array<Omit<RuleFinding, 'ruleId'>> };
  durationMs: number;
  createdAt: Date;
}

/** One run in a save's entry of the log (what the save's runs do not share). */
export type NewRuleRun = Pick<RuleRun, 'ruleId' | 'ruleName' | 'triggerType' | 'inputs' | 'outputs' | 'validation' | 'durationMs'>;

/** The runs of one save, as one row of the log (migration 019): what they share, and each run. */
export interface SaveRuns {
  entityName: string;
  operation: 'create' | 'update';
  actor: SaveActor | null;
  runs: readonly NewRuleRun[];
}

/** How long the log keeps runs, per tenant. */
export interface RuleRunRetention {
  readonly keep: number;
  readonly keepDays: number;
}

/**
 * The save's runs as the row's `runs` array (serialized once, sent as text), each entry without what
 * the list derives when reading it (`runFromEntry`): no `id`, and no `validation` when it passed
 * with no findings — a third of the bytes of a typical save's entry, sent, parsed and stored.
 */
const runsJson = (runs: readonly NewRuleRun[]) =>
  JSON.stringify(
    runs.map(({ validation, ...run }) =>
      validation.result === 'passed' && validation.findings.length === 0 ? run : { ...run, validation },
    ),
  );

/**
 * A run as list_rule_runs answers it, from entry `e.run` (ordinal `e.n`) of save row `s`: its `id`
 * is the stored one (runs logged before entries dropped it) or else derived from the save's id and
 * the ordinal — an RFC 9562 version 8 UUID of their MD5, the same at every read; a missing
 * `validation` is a pass without findings.
 */
const runFromEntry = `coalesce(e.run ->> 'id',
    overlay(overlay(md5(s.id::text || '/' || e.n)::uuid::text placing '8' from 15) placing '8' from 20)) as id,
  e.run ->> 'ruleId' as "ruleId", e.run ->> 'ruleName' as "ruleName", e.run ->> 'triggerType' as "triggerType",
  e.run -> 'inputs' as inputs, e.run -> 'outputs' as outputs,
  coalesce(e.run -> 'validation', '{"result": "passed", "findings": []}'::jsonb) as validation, e.run -> 'durationMs' as "durationMs"`;

/**
 * INSERT of one save's row: `$1` is the tenant, `p(0…6)` the row's values (saveParams), `recordId`
 * its record id. `runs` may be an expression over the runs parameter (`ruleRunsAlongWrite`).
 */
const insertSave = (p: (index: number) => string, recordId: string, from = '', runs = (json: string) => json) =>
  `insert into rule_runs (tenant_id, created_at, entity_name, record_id, operation, actor_kind, actor_id, run_count, runs)
   select $1, ${p(0)}::timestamptz, ${p(1)}, ${recordId}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}::int, ${runs(`${p(6)}::text::jsonb`)} ${from}`;

const saveParams = (save: SaveRuns, at: Date) => [
  at.toISOString(),
  save.entityName,
  save.operation,
  save.actor?.kind ?? null,
  save.actor?.id ?? null,
  save.runs.length,
  runsJson(save.runs),
];

/** Drops the tenant's saves logged before `cutoff` (a range probe of the primary key when there are none). */
const dropExpired = (cutoff: string) => `delete from rule_runs where tenant_id = $1 and created_at < ${cutoff}::timestamptz`;

/** The oldest time a run may have to be kept, at `at`: runs logged before it are expired (never answered). */
export const retentionCutoff = (at: Date, retention: RuleRunRetention): Date => new Date(at.getTime() - retention.keepDays * 86_400_000);

/**
 * Logs the runs of one save (record `recordId`) in one statement, which also drops the tenant's
 * runs logged before `dropBefore` when one is given (see `ruleRunLogger`: not in every save).
 */
export async function insertRuleRuns(tx: TenantTx, save: SaveRuns, recordId: string, at: Date, dropBefore: Date | null): Promise<void> {
  if (save.runs.length === 0) return;
  const values = [tx.tenantId, recordId, ...saveParams(save, at)];
  const insert = insertSave((i) => `$${i + 3}`, '$2::uuid');
  if (dropBefore) {
    await tx.query(`with expired as (${dropExpired(`$${values.length + 1}`)}) ${insert}`, [...values, dropBefore.toISOString()]);
  } else {
    await tx.query(insert, values);
  }
}

/**
 * The same as `insertRuleRuns`, as statements that travel inside the save's own write statement
 * (no statement of their own): the record id is the written record's (`saved.id`). `fromSaved`
 * names outputs the write itself computed (a lookup folded into it): run `index`'s output `field`
 * is the written record's value (null when it has none).
 */
export function ruleRunsAlongWrite(
  save: SaveRuns,
  at: Date,
  dropBefore: Date | null,
  fromSaved: ReadonlyArray<{ index: number; field: string }> = [],
): WriteCompanion[] {
  if (save.runs.length === 0) return [];
  const patched = (p: (index: number) => string) => (json: string) =>
    fromSaved.reduce(
      (doc, _, i) =>
        `jsonb_set(${doc}, array[${p(7 + 2 * i)}::text, 'outputs', ${p(8 + 2 * i)}::text], coalesce(saved.data -> ${p(8 + 2 * i)}::text, 'null'::jsonb))`,
      json,
    );
  const params = [...saveParams(save, at), ...fromSaved.flatMap((f) => [String(f.index), f.field])];
  return [
    ...(dropBefore ? [{ sql: (p: (index: number) => string) => dropExpired(p(0)), params: [dropBefore.toISOString()] }] : []),
    { sql: (p) => insertSave(p, 'saved.id', 'from saved', patched(p)), params },
  ];
}

/**
 * Keeps the newest `keep` runs of the tenant (run every so many logged runs: see save-hooks.ts), in
 * whole saves: the boundary is the newest save whose runs, added to those of the saves after it,
 * pass `keep` — found walking the primary key newest first, about `keep` / (runs per save) entries —
 * and the delete is the key range from it down to `since`, the time of the previous prune's
 * boundary when known. Below that time are the entries of the saves pruned before, which stay in
 * the index, dead, until a vacuum (on PGlite, every 100,000 writes): a delete from the tenant's
 * first key walked all of them every time, a cost growing with the saves ever pruned. Answers the
 * time of the new boundary (`created_at` as text, to the microsecond), or null when nothing passed `keep`.
 */
export async function pruneRuleRuns(tx: TenantTx, keep: number, since: string | null): Promise<string | null> {
  // Inclusive of the boundary's time: saves logged in the same millisecond sort by their random ids,
  // so a later one may sort below the boundary.
  const above = since === null ? '' : 'and r.created_at >= $3::timestamptz';
  const rows = await tx.query<{ at: string }>(
    `with boundary as (
       select w.created_at, w.id from (
         select o.created_at, o.id, sum(o.run_count) over (order by o.created_at desc, o.id desc rows unbounded preceding) as upto
           from rule_runs o where o.tenant_id = $1 order by o.created_at desc, o.id desc) w
        where w.upto > $2 limit 1),
     gone as (
       delete from rule_runs r using boundary b
        where r.tenant_id = $1 and r.created_at <= b.created_at and (r.created_at < b.created_at or r.id <= b.id) ${above})
     select created_at::text as at from boundary`,
    since === null ? [tx.tenantId, keep] : [tx.tenantId, keep, since],
  );
  return rows[0]?.at ?? null;
}

export interface RuleRunFilter {
  ruleId?: string | undefined;
  entityName?: string | undefined;
  recordId?: string | undefined;
  limit: number;
  page: number;
  /** The retention cutoff (`retentionCutoff`): runs logged before it are expired and not answered, dropped or not yet. */
  since: Date;
}

/**
 * The tenant's unexpired runs, newest first (a save's runs in reverse order of running), and how many match:
 * the saves' rows, newest first by their key, unnested. Entity and record filters are on the saves'
 * columns; a rule filter keeps the saves that hold a run of the rule (a jsonb containment test on
 * each row: there is no index on rule ids), then its runs.
 */
export async function listRuleRuns(tx: TenantTx, filter: RuleRunFilter): Promise<{ data: RuleRun[]; total: number }> {
  const rows = await tx.query<Record<string, unknown>>(
    `select count(*) over ()::int as total, ${runFromEntry},
            s.entity_name as "entityName", s.record_id as "recordId", s.operation,
            s.actor_kind as "actorKind", s.actor_id as "actorId", s.created_at as "createdAt"
       from rule_runs s cross join lateral jsonb_array_elements(s.runs) with ordinality as e(run, n)
      where s.tenant_id = $1 and s.created_at >= $7::timestamptz and ($3::text is null or s.entity_name = $3) and ($4::uuid is null or s.record_id = $4::uuid)
        and ($2::uuid is null or (s.runs @> jsonb_build_array(jsonb_build_object('ruleId', $2::uuid::text))
                                  and e.run ->> 'ruleId' = $2::uuid::text))
      order by s.created_at desc, s.id desc, e.n desc limit $5 offset $6`,
    [
      tx.tenantId,
      filter.ruleId ?? null,
      filter.entityName ?? null,
      filter.recordId ?? null,
      filter.limit,
      (filter.page - 1) * filter.limit,
      filter.since.toISOString(),
    ],
  );
  const data = rows.map(({ total: _t, actorKind, actorId, durationMs, ...r }) => ({
    ...(r as Omit<RuleRun, 'actor' | 'durationMs'>),
    actor: actorKind ? { kind: actorKind as string, id: actorId as string } : null,
    durationMs: Number(durationMs),
  }));
  return { data, total: Number(rows[0]?.total ?? 0) };
}
