import { announceChange } from "../../db/invalidation.js";
const rulesChangeKey = (tenantId) => `rules:${tenantId}`;
const announceRulesChange = (tx) => announceChange(tx, rulesChangeKey(tx.tenantId));
const COLUMNS = `r.id, e.name as "entityName", r.name, r.trigger_type as "triggerType", r.trigger_fields as "triggerFields",
  r.rule_dsl as "ruleDsl", r.status, r.published_at as "publishedAt", r.created_at as "createdAt", r.updated_at as "updatedAt"`;
const FROM = "business_rules r join entities e on e.tenant_id = r.tenant_id and e.id = r.entity_id";
async function insertRule(tx, entityId, draft, status) {
  const [row] = await tx.query(
    `insert into business_rules (tenant_id, entity_id, name, trigger_type, trigger_fields, rule_dsl, status, published_at)
     values ($1, $2, $3, $4, $5::text::jsonb, $6::text::jsonb, $7, case when $7 = 'published' then now() end)
     returning id`,
    [tx.tenantId, entityId, draft.name, draft.triggerType, JSON.stringify(draft.triggerFields), JSON.stringify(draft.ruleDsl), status]
  );
  if (status === "published") await announceRulesChange(tx);
  return row.id;
}
async function findRule(tx, id, options = {}) {
  const rows = await tx.query(
    `select ${COLUMNS} from ${FROM} where r.tenant_id = $1 and r.id = $2${options.forUpdate ? " for update of r" : ""}`,
    [tx.tenantId, id]
  );
  return rows[0] ?? null;
}
async function listRules(tx, filter) {
  return tx.query(
    `select ${COLUMNS} from ${FROM}
      where r.tenant_id = $1 and ($2::text is null or e.name = $2) and ($3::text is null or r.status = $3)
      order by e.name, r.created_at, r.id`,
    [tx.tenantId, filter.entityName ?? null, filter.status ?? null]
  );
}
async function listPublishedRules(tx) {
  return tx.query(
    `select ${COLUMNS}, r.entity_id as "entityId" from ${FROM}
      where r.tenant_id = $1 and r.status = 'published' order by r.created_at, r.id`,
    [tx.tenantId]
  );
}
async function markPublished(tx, id) {
  await tx.query(
    `update business_rules set status = 'published', published_at = now(), updated_at = now()
      where tenant_id = $1 and id = $2`,
    [tx.tenantId, id]
  );
  await announceRulesChange(tx);
}
async function deleteRuleRow(tx, id) {
  const [row] = await tx.query("delete from business_rules where tenant_id = $1 and id = $2 returning status", [
    tx.tenantId,
    id
  ]);
  if (row?.status === "published") await announceRulesChange(tx);
  return row ?? null;
}
export {
  deleteRuleRow,
  findRule,
  insertRule,
  listPublishedRules,
  listRules,
  markPublished,
  rulesChangeKey
};
//# sourceMappingURL=rule.repository.js.map
