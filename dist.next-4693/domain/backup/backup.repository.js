const ident = (name) => `"${name.replace(/"/g, '""')}"`;
const PAGE_SIZE = 500;
async function countRows(tx, table) {
  const [row] = await tx.query(`select count(*)::int as n from ${ident(table.table)} where tenant_id = $1`, [tx.tenantId]);
  return row?.n ?? 0;
}
async function readPage(tx, table, after) {
  const keys = table.key.map((k) => `t.${ident(k)}`).join(", ");
  const from = after ? `and (${keys}) > (select ${table.key.map((k) => `p.${ident(k)}`).join(", ")} from jsonb_populate_record(null::${ident(table.table)}, $2::jsonb) p)` : "";
  const rows = await tx.query(
    `select to_jsonb(t) - 'tenant_id' as row from ${ident(table.table)} t where t.tenant_id = $1 ${from} order by ${keys} limit ${PAGE_SIZE}`,
    after ? [tx.tenantId, JSON.stringify(after)] : [tx.tenantId]
  );
  return rows.map((r) => r.row);
}
async function tableColumns(tx, tables) {
  const rows = await tx.query(
    `select c.relname as table, a.attname as column
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relname = any($1::text[]) and a.attnum > 0 and not a.attisdropped`,
    [tables]
  );
  const columns = /* @__PURE__ */ new Map();
  for (const r of rows) columns.set(r.table, (columns.get(r.table) ?? /* @__PURE__ */ new Set()).add(r.column));
  return columns;
}
async function insertRows(tx, table, columns, rows) {
  const list = columns.map(ident).join(", ");
  await tx.query(
    `insert into ${ident(table)} (tenant_id, ${list})
     select $1, ${list} from jsonb_populate_recordset(null::${ident(table)}, $2::jsonb)`,
    [tx.tenantId, JSON.stringify(rows)]
  );
}
async function insertRestoredTenant(db, t) {
  const [row] = await db.query(
    `insert into tenants (id, name, slug, description)
     values (case when exists (select 1 from tenants where id = $1) then gen_random_uuid() else $1 end, $2, $3, $4)
     returning id, slug, name`,
    [t.id, t.name, t.slug, t.description]
  );
  return row;
}
async function deleteTenantRow(db, id) {
  await db.query("delete from tenants where id = $1", [id]);
}
export {
  PAGE_SIZE,
  countRows,
  deleteTenantRow,
  insertRestoredTenant,
  insertRows,
  readPage,
  tableColumns
};
//# sourceMappingURL=backup.repository.js.map
