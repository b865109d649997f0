const VIEW = `id, email, name, role, is_active as "isActive", permissions, metadata,
  last_login_at as "lastLoginAt", created_at as "createdAt", updated_at as "updatedAt"`;
async function insertUser(tx, user, now) {
  const [row] = await tx.query(
    `insert into tenant_users (tenant_id, email, name, password_hash, role, permissions, metadata, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6::text::jsonb, $7::text::jsonb, $8, $8) returning ${VIEW}`,
    [
      tx.tenantId,
      user.email,
      user.name,
      user.passwordHash,
      user.role,
      JSON.stringify(user.permissions),
      JSON.stringify(user.metadata),
      now
    ]
  );
  return row;
}
function listUsers(tx) {
  return tx.query(`select ${VIEW} from tenant_users where tenant_id = $1 order by created_at, email`, [tx.tenantId]);
}
async function findUser(tx, id) {
  const [row] = await tx.query(`select ${VIEW} from tenant_users where tenant_id = $1 and id = $2`, [tx.tenantId, id]);
  return row;
}
async function findCredentialsByEmail(tx, email) {
  const [row] = await tx.query(
    `select id, email, name, role, is_active as "isActive", password_hash as "passwordHash"
       from tenant_users where tenant_id = $1 and lower(email) = lower($2)`,
    [tx.tenantId, email]
  );
  return row;
}
async function updateUser(tx, id, changes, now) {
  const [row] = await tx.query(
    `update tenant_users set
       name = coalesce($3, name),
       role = coalesce($4, role),
       permissions = coalesce($5::text::jsonb, permissions),
       is_active = coalesce($6, is_active),
       metadata = coalesce($7::text::jsonb, metadata),
       updated_at = $8
     where tenant_id = $1 and id = $2 returning ${VIEW}`,
    [
      tx.tenantId,
      id,
      changes.name ?? null,
      changes.role ?? null,
      changes.permissions === void 0 ? null : JSON.stringify(changes.permissions),
      changes.isActive ?? null,
      changes.metadata === void 0 ? null : JSON.stringify(changes.metadata),
      now
    ]
  );
  return row;
}
async function setPasswordHash(tx, id, passwordHash, now) {
  const rows = await tx.query("update tenant_users set password_hash = $3, updated_at = $4 where tenant_id = $1 and id = $2 returning id", [
    tx.tenantId,
    id,
    passwordHash,
    now
  ]);
  return rows.length > 0;
}
async function deleteUser(tx, id) {
  const rows = await tx.query("delete from tenant_users where tenant_id = $1 and id = $2 returning id", [tx.tenantId, id]);
  return rows.length > 0;
}
async function markLogin(tx, id, passwordHash, now) {
  const rows = await tx.query(
    `update tenant_users set last_login_at = $4
      where tenant_id = $1 and id = $2 and is_active and password_hash = $3 returning id`,
    [tx.tenantId, id, passwordHash, now]
  );
  return rows.length > 0;
}
export {
  deleteUser,
  findCredentialsByEmail,
  findUser,
  insertUser,
  listUsers,
  markLogin,
  setPasswordHash,
  updateUser
};
//# sourceMappingURL=user.repository.js.map
