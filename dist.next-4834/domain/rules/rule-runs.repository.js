async function insertRuleRuns(tx, runs, at, retention) {
  if (runs.length === 0) return;
  const cutoff = new Date(at.getTime() - retention.keepDays * 864e5);
  const rows = runs.map((r) => ({
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
    duration_ms: r.durationMs
  }));
  await tx.query(
    `with expired as (delete from rule_runs where tenant_id = $1 and created_at < $4::timestamptz)
     insert into rule_runs (tenant_id, rule_id, rule_name, entity_name, record_id, operation, trigger_type, actor_kind, actor_id,
                            inputs, outputs, validation, duration_ms, created_at)
     select $1, x.rule_id, x.rule_name, x.entity_name, x.record_id, x.operation, x.trigger_type, x.actor_kind, x.actor_id,
            x.inputs, x.outputs, x.validation, x.duration_ms, $3::timestamptz
       from jsonb_to_recordset($2::text::jsonb) as x(rule_id uuid, rule_name text, entity_name text, record_id uuid, operation text,
            trigger_type text, actor_kind text, actor_id text, inputs jsonb, outputs jsonb, validation jsonb, duration_ms float8)`,
    [tx.tenantId, JSON.stringify(rows), at.toISOString(), cutoff.toISOString()]
  );
}
async function pruneRuleRuns(tx, keep) {
  await tx.query(
    `delete from rule_runs r where r.tenant_id = $1 and r.id in (
       select o.id from rule_runs o where o.tenant_id = $1 order by o.created_at desc, o.id desc offset $2)`,
    [tx.tenantId, keep]
  );
}
async function listRuleRuns(tx, filter) {
  const rows = await tx.query(
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
      (filter.page - 1) * filter.limit
    ]
  );
  const data = rows.map(({ total: _t, actorKind, actorId, durationMs, ...r }) => ({
    ...r,
    actor: actorKind ? { kind: actorKind, id: actorId } : null,
    durationMs: Number(durationMs)
  }));
  return { data, total: Number(rows[0]?.total ?? 0) };
}
export {
  insertRuleRuns,
  listRuleRuns,
  pruneRuleRuns
};
//# sourceMappingURL=rule-runs.repository.js.map
