async function countAdmins(db) {
  const [row] = await db.query("select count(*)::int as n from admins");
  return row?.n ?? 0;
}
async function insertAdmin(db, a) {
  await db.query("insert into admins (email, name, password_hash) values ($1, $2, $3)", [a.email, a.name, a.passwordHash]);
}
async function findAdminByEmail(db, email) {
  const [row] = await db.query(
    'select id, email, name, password_hash as "passwordHash" from admins where lower(email) = lower($1)',
    [email]
  );
  return row;
}
async function findAdminForToken(db, adminId, token) {
  const [row] = await db.query(
    `select id, email, name from admins
      where id = $1 and not exists (select 1 from revoked_admin_tokens where jti in ($2, $3))`,
    [adminId, token.id, token.family]
  );
  return row;
}
async function revokeAdminToken(db, id, expiresAt) {
  await db.query("delete from revoked_admin_tokens where expires_at < now()");
  await db.query(
    `insert into revoked_admin_tokens (jti, expires_at) values ($1, $2)
     on conflict (jti) do update set expires_at = greatest(revoked_admin_tokens.expires_at, excluded.expires_at)`,
    [id, expiresAt]
  );
}
export {
  countAdmins,
  findAdminByEmail,
  findAdminForToken,
  insertAdmin,
  revokeAdminToken
};
//# sourceMappingURL=admin.repository.js.map
