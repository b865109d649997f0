async function appendAudit(tx, e) {
  await tx.queryAndCommit(
    `insert into channel_audit (tenant_id, at, caller_tenant_id, caller_tenant_slug, caller_kind, caller_id, tool_name,
       tool_version, tool_hash, arguments, arguments_hash, outcome, error_code, rows_affected, duration_ms)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::text::jsonb, $11, $12, $13, $14, $15)`,
    [
      tx.tenantId,
      e.at,
      e.caller.tenantId,
      e.caller.tenantSlug,
      e.caller.kind,
      e.caller.id,
      e.tool,
      e.toolVersion,
      e.toolHash,
      JSON.stringify(e.arguments),
      e.argumentsHash,
      e.outcome,
      e.errorCode,
      e.rowsAffected,
      e.durationMs
    ]
  );
}
const COLUMNS = `id, at, caller_tenant_id as "callerTenantId", caller_tenant_slug as "callerTenantSlug", caller_kind as "callerKind",
  caller_id as "callerId", tool_name as tool, tool_version as "toolVersion", tool_hash as "toolHash", arguments,
  arguments_hash as "argumentsHash", outcome, error_code as "errorCode", rows_affected as "rowsAffected", duration_ms as "durationMs"`;
async function listAudit(tx, f) {
  const params = [tx.tenantId, f.limit, (f.page - 1) * f.limit];
  const where = [];
  const add = (sql, value) => {
    params.push(value);
    where.push(sql(params.length));
  };
  if (f.tool) add((n) => `tool_name = $${n}`, f.tool);
  if (f.outcome) add((n) => `outcome = $${n}`, f.outcome);
  if (f.callerTenant) add((n) => `(caller_tenant_slug = $${n} or caller_tenant_id::text = $${n})`, f.callerTenant);
  if (f.since) add((n) => `at >= $${n}`, f.since);
  if (f.until) add((n) => `at < $${n}`, f.until);
  const filter = where.map((w) => ` and ${w}`).join("");
  const rows = await tx.query(
    `select c.total, p.* from (select count(*)::int as total from channel_audit where tenant_id = $1${filter}) c
       left join lateral (
         select ${COLUMNS} from channel_audit where tenant_id = $1${filter} order by at desc, id desc limit $2 offset $3
       ) p on true`,
    params
  );
  const entries = rows.filter((r) => r.id !== null).map(({ total: _total, callerTenantId, callerTenantSlug, callerKind, callerId, ...rest }) => ({
    ...rest,
    caller: { tenantId: callerTenantId, tenantSlug: callerTenantSlug, kind: callerKind, id: callerId }
  }));
  return { entries, total: Number(rows[0]?.total ?? 0) };
}
export {
  appendAudit,
  listAudit
};
//# sourceMappingURL=audit.repository.js.map
