const RECORD_COLUMNS = 'r.id, r.entity_id as "entityId", r.name, r.data, r.created_at as "createdAt", r.updated_at as "updatedAt"';
async function findRecordById(tx, id, options = {}) {
  const rows = await tx.query(
    `select ${RECORD_COLUMNS} from records r where r.tenant_id = $1 and r.id = $2${options.forUpdate ? " for update" : ""}`,
    [tx.tenantId, id]
  );
  return rows[0] ?? null;
}
function guardSql(first, count) {
  const probes = Array.from({ length: count }, (_, i) => {
    const id = `$${first + 2 * i}`;
    const entity = `$${first + 2 * i + 1}`;
    return `exists (select 1 from records t where t.tenant_id = $1 and t.id = ${id}::uuid and (${entity}::uuid is null or t.entity_id = ${entity}::uuid)) as ok${i}`;
  });
  const names = probes.map((_, i) => `checked.ok${i}`);
  return {
    cte: `checked as (select ${probes.join(", ")})`,
    allFound: names.join(" and "),
    result: `select saved.*, array[${names.join(", ")}] as found from checked left join saved on true`
  };
}
const insertSql = (guarded) => {
  if (guarded === 0) {
    return `insert into records as r (tenant_id, entity_id, name, data, search_text)
     values ($1, $2, $3, $4::text::jsonb, tb_search_norm($5))
     returning ${RECORD_COLUMNS}`;
  }
  const g = guardSql(6, guarded);
  return `with ${g.cte}, saved as (
    insert into records as r (tenant_id, entity_id, name, data, search_text)
    select $1::uuid, $2::uuid, $3::text, $4::text::jsonb, tb_search_norm($5) from checked where ${g.allFound}
    returning ${RECORD_COLUMNS})
  ${g.result}`;
};
const updateSql = (guarded) => {
  const set = "name = $4, data = $5::text::jsonb, search_text = tb_search_norm($6), updated_at = now()";
  if (guarded === 0) {
    return `update records as r set ${set} where r.tenant_id = $1 and r.entity_id = $2 and r.id = $3
     returning ${RECORD_COLUMNS}`;
  }
  const g = guardSql(7, guarded);
  return `with ${g.cte}, saved as (
    update records as r set ${set} from checked
     where r.tenant_id = $1 and r.entity_id = $2 and r.id = $3 and ${g.allFound}
    returning ${RECORD_COLUMNS})
  ${g.result}`;
};
async function runWrite(tx, sql, params, options) {
  const guard = options.guard ?? [];
  const text = sql(guard.length);
  const all = [...params, ...guard.flatMap((g) => [g.id, g.entityId])];
  const rows = await (options.last ? tx.queryAndCommit(text, all) : tx.query(text, all));
  const row = rows[0];
  if (!row) throw new Error("record write returned no row");
  const { found, ...saved } = row;
  const failed = (found ?? []).flatMap((ok, i) => ok ? [] : [i]);
  if (failed.length) return { failed };
  if (!saved.id) throw new Error("record write matched no row");
  return { saved };
}
async function insertRecord(tx, entityId, write, options = {}) {
  return runWrite(tx, insertSql, [tx.tenantId, entityId, write.name, JSON.stringify(write.data), write.searchText], options);
}
async function updateRecordRow(tx, entityId, id, write, options = {}) {
  return runWrite(tx, updateSql, [tx.tenantId, entityId, id, write.name, JSON.stringify(write.data), write.searchText], options);
}
async function deleteRecordRow(tx, entityId, id) {
  const rows = await tx.query(
    `delete from records r where r.tenant_id = $1 and r.entity_id = $2 and r.id = $3 returning ${RECORD_COLUMNS}`,
    [tx.tenantId, entityId, id]
  );
  return rows[0] ?? null;
}
async function storeEmbedding(tx, id, embedding) {
  await tx.query("update records set embedding = $3::real[] where tenant_id = $1 and id = $2", [tx.tenantId, id, embedding]);
}
async function findRecordsByIds(tx, ids) {
  if (ids.length === 0) return [];
  return tx.query("select id, name, data from records where tenant_id = $1 and id = any($2::uuid[])", [tx.tenantId, ids]);
}
export {
  RECORD_COLUMNS,
  deleteRecordRow,
  findRecordById,
  findRecordsByIds,
  insertRecord,
  storeEmbedding,
  updateRecordRow
};
//# sourceMappingURL=record.repository.js.map
