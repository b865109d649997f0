import { buildAggregateSql } from "./aggregate-query.js";
const asValue = (v) => v instanceof Date ? v.toISOString() : v;
async function aggregateRecords(tx, entity, query) {
  const sql = buildAggregateSql(entity.definition, query);
  const params = [tx.tenantId, entity.id, ...sql.params];
  const field = query.field ?? null;
  if (!sql.grouped) {
    const [row] = await tx.query(sql.text, params);
    return { op: query.op, field, value: asValue(row?.value ?? null), count: Number(row?.count ?? 0) };
  }
  const rows = await tx.query(sql.text, params);
  const totalGroups = Number(rows[0]?.groups ?? 0);
  return {
    op: query.op,
    field,
    groupBy: query.groupBy,
    groups: rows.map((r) => ({ key: r.key ?? null, value: asValue(r.value), count: Number(r.count) })),
    totalGroups,
    truncated: totalGroups > rows.length
  };
}
export {
  aggregateRecords
};
//# sourceMappingURL=aggregate.service.js.map
