import { announceChange } from "../../db/invalidation.js";
const entitiesChangeKey = (tenantId) => `entities:${tenantId}`;
const announceEntitiesChange = (tx) => announceChange(tx, entitiesChangeKey(tx.tenantId));
async function findPublishedEntity(tx, name) {
  const rows = await tx.query(
    `select e.id, e.name, v.version, v.definition
       from entities e
       left join entity_versions v
         on v.tenant_id = e.tenant_id and v.entity_id = e.id and v.version = e.published_version
      where e.tenant_id = $1 and e.name = $2`,
    [tx.tenantId, name]
  );
  const row = rows[0];
  if (!row) return null;
  if (row.version === null || row.definition === null) return { draftOnly: true };
  return { id: row.id, name: row.name, version: row.version, definition: row.definition };
}
const STATE_SQL = `
  select e.id, e.name, e.created_at as "createdAt", e.updated_at as "updatedAt",
         p.version as "publishedVersion", p.definition as "publishedDefinition",
         p.message as "publishedMessage", p.published_at as "publishedAt",
         d.version as "draftVersion", d.definition as "draftDefinition"
    from entities e
    left join entity_versions p
      on p.tenant_id = e.tenant_id and p.entity_id = e.id and p.version = e.published_version
    left join entity_versions d
      on d.tenant_id = e.tenant_id and d.entity_id = e.id and d.status = 'draft'
   where e.tenant_id = $1 and ($2::text is null or e.name = $2)
   order by e.name`;
const toState = (r) => ({
  id: r.id,
  name: r.name,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  published: r.publishedVersion !== null && r.publishedDefinition !== null ? { version: r.publishedVersion, definition: r.publishedDefinition, message: r.publishedMessage, publishedAt: r.publishedAt } : null,
  draft: r.draftVersion !== null && r.draftDefinition !== null ? { version: r.draftVersion, definition: r.draftDefinition } : null
});
async function findEntityState(tx, name) {
  const [row] = await tx.query(STATE_SQL, [tx.tenantId, name]);
  return row ? toState(row) : null;
}
async function listEntityStates(tx) {
  return (await tx.query(STATE_SQL, [tx.tenantId, null])).map(toState);
}
async function lockEntity(tx, name) {
  const rows = await tx.query("select id from entities where tenant_id = $1 and name = $2 for update", [tx.tenantId, name]);
  return rows.length > 0;
}
async function listEntityNames(tx) {
  const rows = await tx.query("select name from entities where tenant_id = $1 order by name", [tx.tenantId]);
  return rows.map((r) => r.name);
}
async function insertEntity(tx, name) {
  const [row] = await tx.query("insert into entities (tenant_id, name) values ($1, $2) returning id", [tx.tenantId, name]);
  return row.id;
}
async function insertDraft(tx, entityId, version, definition) {
  await tx.query(
    `insert into entity_versions (tenant_id, entity_id, version, status, definition)
     values ($1, $2, $3, 'draft', $4::text::jsonb)`,
    [tx.tenantId, entityId, version, JSON.stringify(definition)]
  );
  await touchEntity(tx, entityId);
}
async function updateDraft(tx, entityId, definition) {
  await tx.query(
    `update entity_versions set definition = $3::text::jsonb
      where tenant_id = $1 and entity_id = $2 and status = 'draft'`,
    [tx.tenantId, entityId, JSON.stringify(definition)]
  );
  await touchEntity(tx, entityId);
}
async function deleteDraft(tx, entityId) {
  await tx.query(`delete from entity_versions where tenant_id = $1 and entity_id = $2 and status = 'draft'`, [tx.tenantId, entityId]);
  await touchEntity(tx, entityId);
}
async function publishDraft(tx, entityId, version, message) {
  await announceEntitiesChange(tx);
  await tx.query(
    `update entity_versions set status = 'published', message = $4, published_at = now()
      where tenant_id = $1 and entity_id = $2 and version = $3 and status = 'draft'`,
    [tx.tenantId, entityId, version, message]
  );
  await tx.query("update entities set published_version = $3, updated_at = now() where tenant_id = $1 and id = $2", [
    tx.tenantId,
    entityId,
    version
  ]);
}
async function findVersion(tx, entityId, version) {
  const [row] = await tx.query(
    `select version, status, definition, message, published_at as "publishedAt"
       from entity_versions where tenant_id = $1 and entity_id = $2 and version = $3`,
    [tx.tenantId, entityId, version]
  );
  return row ?? null;
}
async function listHistory(tx, entityId) {
  return tx.query(
    `select version, message, published_at as "publishedAt"
       from entity_versions where tenant_id = $1 and entity_id = $2 and status = 'published'
      order by version`,
    [tx.tenantId, entityId]
  );
}
async function deleteEntityRow(tx, entityId) {
  await announceEntitiesChange(tx);
  await tx.query("delete from entities where tenant_id = $1 and id = $2", [tx.tenantId, entityId]);
}
async function insertPublishedVersion(tx, entityId, version, definition, message) {
  await announceEntitiesChange(tx);
  await tx.query(
    `insert into entity_versions (tenant_id, entity_id, version, status, definition, message, published_at)
     values ($1, $2, $3, 'published', $4::text::jsonb, $5, now())`,
    [tx.tenantId, entityId, version, JSON.stringify(definition), message]
  );
  await tx.query("update entities set published_version = $3, updated_at = now() where tenant_id = $1 and id = $2", [
    tx.tenantId,
    entityId,
    version
  ]);
}
async function touchEntity(tx, entityId) {
  await tx.query("update entities set updated_at = now() where tenant_id = $1 and id = $2", [tx.tenantId, entityId]);
}
export {
  deleteDraft,
  deleteEntityRow,
  entitiesChangeKey,
  findEntityState,
  findPublishedEntity,
  findVersion,
  insertDraft,
  insertEntity,
  insertPublishedVersion,
  listEntityNames,
  listEntityStates,
  listHistory,
  lockEntity,
  publishDraft,
  updateDraft
};
//# sourceMappingURL=entity.repository.js.map
