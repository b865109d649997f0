const VIEW = `id, name, scope, prefix, tenant_id as "tenantId", admin_id as "adminId",
  created_at as "createdAt", last_used_at as "lastUsedAt"`;
async function insertApiKey(db, key) {
  const [row] = await db.query(
    `insert into api_keys (admin_id, tenant_id, name, scope, prefix, key_hash)
     values ($1, $2, $3, $4, $5, $6) returning ${VIEW}`,
    [key.adminId, key.tenantId, key.name, key.scope, key.prefix, key.keyHash]
  );
  return row;
}
function listActiveApiKeys(db) {
  return db.query(`select ${VIEW} from api_keys where revoked_at is null order by created_at desc`);
}
async function findActiveApiKeyByHash(db, keyHash) {
  const [row] = await db.query(
    `select k.id, k.scope, k.tenant_id as "tenantId", k.admin_id as "adminId", k.key_hash as "keyHash",
            a.email as "adminEmail", a.name as "adminName"
       from api_keys k join admins a on a.id = k.admin_id
      where k.key_hash = $1 and k.revoked_at is null`,
    [keyHash]
  );
  return row;
}
async function revokeApiKey(db, id) {
  const rows = await db.query("update api_keys set revoked_at = now() where id = $1 and revoked_at is null returning id", [id]);
  return rows.length > 0;
}
async function touchApiKey(db, id) {
  await db.query(
    "update api_keys set last_used_at = now() where id = $1 and (last_used_at is null or last_used_at < now() - interval '1 minute')",
    [id]
  );
}
export {
  findActiveApiKeyByHash,
  insertApiKey,
  listActiveApiKeys,
  revokeApiKey,
  touchApiKey
};
//# sourceMappingURL=api-key.repository.js.map
