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

export type NewRuleRun = Omit<RuleRun, 'id' | 'createdAt'>;

/** How long the log keeps runs, per tenant. */
export interface RuleRunRetention {
  readonly keep: number;
  readonly keepDays: number;
}

/** The runs as one JSON array of rows, for `jsonb_to_recordset` (RUN_ROWS). */
function runRows(runs: readonly NewRuleRun[]): string {
  return JSON.stringify(
    runs.map((r) => ({
      rule_id: r.ruleId,
      rule_name: r.ruleName,
      entity_name: r.entityName,
      record_id: r.recordId,
      operation: r.operation,
      trigger_type: r.triggerType,
      actor_kind: r.actor?.kind ?? null,
      actor_id: r.actor?.id ?? null,
      inputs: r.inputs,
      outputs: r.outputs,
      validation: r.validation,
      duration_ms: r.durationMs,
    })),
  );
}

/** INSERT … SELECT of the rows in `rows` (a text parameter), created at `at`, with `recordId` for each one's record id. */
const insertRuns = (rows: string, at: string, recordId: string, from = '') =>
  `insert into rule_runs (tenant_id, rule_id, rule_name, entity_name, record_id, operation, trigger_type, actor_kind, actor_id,
                          inputs, outputs, validation, duration_ms, created_at)
   select $1, x.rule_id, x.rule_name, x.entity_name, ${recordId}, x.operation, x.trigger_type, x.actor_kind, x.actor_id,
          x.inputs, x.outputs, x.validation, x.duration_ms, ${at}::timestamptz
     from ${from}jsonb_to_recordset(${rows}::text::jsonb) as x(rule_id uuid, rule_name text, entity_name text, record_id uuid,
          operation text, trigger_type text, actor_kind text, actor_id text, inputs jsonb, outputs jsonb, validation jsonb, duration_ms float8)`;

/** Drops the tenant's runs created before `cutoff` (an index range probe when there are none). */
const dropExpired = (cutoff: string) => `delete from rule_runs where tenant_id = $1 and created_at < ${cutoff}::timestamptz`;

const cutoffOf = (at: Date, retention: RuleRunRetention) => new Date(at.getTime() - retention.keepDays * 86_400_000).toISOString();

/**
 * Appends the runs of one save in one statement, and drops the tenant's runs older than the
 * retention window in the same statement.
 */
export async function insertRuleRuns(tx: TenantTx, runs: readonly NewRuleRun[], at: Date, retention: RuleRunRetention): Promise<void> {
  if (runs.length === 0) return;
  await tx.query(`with expired as (${dropExpired('$4')}) ${insertRuns('$2', '$3', 'x.record_id')}`, [
    tx.tenantId,
    runRows(runs),
    at.toISOString(),
    cutoffOf(at, retention),
  ]);
}

/**
 * The same as `insertRuleRuns`, as statements that travel inside the save's own write statement
 * (no statement of their own): each run's record id is the written record's (`saved.id`).
 */
export function ruleRunsAlongWrite(runs: readonly NewRuleRun[], at: Date, retention: RuleRunRetention): WriteCompanion[] {
  if (runs.length === 0) return [];
  return [
    { sql: (p) => dropExpired(p(0)), params: [cutoffOf(at, retention)] },
    { sql: (p) => insertRuns(p(0), p(1), 'saved.id', 'saved cross join '), params: [runRows(runs), at.toISOString()] },
  ];
}

/**
 * Keeps the newest `keep` runs of the tenant (run every so many inserts: see save-hooks.ts). The
 * boundary — the first run beyond `keep` in the order of rule_runs_recent_idx (created_at desc,
 * then id) — costs a walk of `keep` index entries; the delete is the index range from it on, so
 * the cost does not grow with the runs deleted before.
 */
export async function pruneRuleRuns(tx: TenantTx, keep: number): Promise<void> {
  await tx.query(
    `with boundary as (
       select o.created_at, o.id from rule_runs o where o.tenant_id = $1 order by o.created_at desc, o.id offset $2 limit 1)
     delete from rule_runs r using boundary b
      where r.tenant_id = $1 and r.created_at <= b.created_at and (r.created_at < b.created_at or r.id >= b.id)`,
    [tx.tenantId, keep],
  );
}

export interface RuleRunFilter {
  ruleId?: string | undefined;
  entityName?: string | undefined;
  recordId?: string | undefined;
  limit: number;
  page: number;
}

/** The tenant's runs, newest first, and how many match. */
export async function listRuleRuns(tx: TenantTx, filter: RuleRunFilter): Promise<{ data: RuleRun[]; total: number }> {
  const rows = await tx.query<Record<string, unknown>>(
    `select count(*) over ()::int as total, r.id, r.rule_id as "ruleId", r.rule_name as "ruleName", r.entity_name as "entityName",
            r.record_id as "recordId", r.operation, r.trigger_type as "triggerType", r.actor_kind as "actorKind", r.actor_id as "actorId",
            r.inputs, r.outputs, r.validation, r.duration_ms as "durationMs", r.created_at as "createdAt"
       from rule_runs r
      where r.tenant_id = $1 and ($2::uuid is null or r.rule_id = $2::uuid) and ($3::text is null or r.entity_name = $3)
        and ($4::uuid is null or r.record_id = $4::uuid)
      order by r.created_at desc, r.id desc limit $5 offset $6`,
    [
      tx.tenantId,
      filter.ruleId ?? null,
      filter.entityName ?? null,
      filter.recordId ?? null,
      filter.limit,
      (filter.page - 1) * filter.limit,
    ],
  );
  const data = rows.map(({ total: _t, actorKind, actorId, durationMs, ...r }) => ({
    ...(r as Omit<RuleRun, 'actor' | 'durationMs'>),
    actor: actorKind ? { kind: actorKind as string, id: actorId as string } : null,
    durationMs: Number(durationMs),
  }));
  return { data, total: Number(rows[0]?.total ?? 0) };
}
