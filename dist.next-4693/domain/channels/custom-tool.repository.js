const COLUMNS = `name, description, params, action, version, created_at as "createdAt", updated_at as "updatedAt"`;
function listCustomTools(tx) {
  return tx.query(`select ${COLUMNS} from channel_tools where tenant_id = $1 order by name`, [tx.tenantId]);
}
async function findCustomTool(tx, name) {
  const [row] = await tx.query(`select ${COLUMNS} from channel_tools where tenant_id = $1 and name = $2`, [tx.tenantId, name]);
  return row ?? null;
}
async function insertCustomTool(tx, tool, now) {
  const [row] = await tx.query(
    `insert into channel_tools (tenant_id, name, description, params, action, version, created_at, updated_at)
     values ($1, $2, $3, $4::text::jsonb, $5::text::jsonb, 1, $6, $6) returning ${COLUMNS}`,
    [tx.tenantId, tool.name, tool.description, JSON.stringify(tool.params), JSON.stringify(tool.action), now]
  );
  return row;
}
async function updateCustomTool(tx, tool, now) {
  const [row] = await tx.query(
    `update channel_tools set description = $3, params = $4::text::jsonb, action = $5::text::jsonb, version = version + 1, updated_at = $6
      where tenant_id = $1 and name = $2 returning ${COLUMNS}`,
    [tx.tenantId, tool.name, tool.description, JSON.stringify(tool.params), JSON.stringify(tool.action), now]
  );
  return row ?? null;
}
async function deleteCustomTool(tx, name) {
  const rows = await tx.query("delete from channel_tools where tenant_id = $1 and name = $2 returning name", [tx.tenantId, name]);
  return rows.length > 0;
}
export {
  deleteCustomTool,
  findCustomTool,
  insertCustomTool,
  listCustomTools,
  updateCustomTool
};
//# sourceMappingURL=custom-tool.repository.js.map
