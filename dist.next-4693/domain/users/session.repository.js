async function insertSession(tx, session) {
  const [row] = await tx.query(
    `insert into user_sessions (tenant_id, id, user_id, token_hash, kind, expires_at, created_at)
     values ($1, coalesce($2::uuid, gen_random_uuid()), $3, $4, $5, $6, $7) returning id`,
    [tx.tenantId, session.id ?? null, session.userId, session.tokenHash, session.kind, session.expiresAt, session.now]
  );
  return row.id;
}
async function findActiveSession(tx, tokenHash, now) {
  const [row] = await tx.query(
    `select s.id as "sessionId", s.token_hash as "tokenHash", u.id as "userId", u.email, u.role, u.permissions
       from user_sessions s
       join tenant_users u on u.tenant_id = s.tenant_id and u.id = s.user_id
      where s.tenant_id = $1 and s.token_hash = $2 and s.expires_at > $3 and u.is_active`,
    [tx.tenantId, tokenHash, now]
  );
  return row;
}
async function deleteSession(tx, sessionId) {
  const rows = await tx.query("delete from user_sessions where tenant_id = $1 and id = $2 returning id", [tx.tenantId, sessionId]);
  return rows.length > 0;
}
async function deleteUserSessions(tx, userId, keep) {
  const rows = await tx.query(
    "delete from user_sessions where tenant_id = $1 and user_id = $2 and ($3::uuid is null or id <> $3::uuid) returning id",
    [tx.tenantId, userId, keep ?? null]
  );
  return rows.length;
}
async function deleteExpiredSessions(tx, now) {
  const rows = await tx.query("delete from user_sessions where tenant_id = $1 and expires_at <= $2 returning id", [tx.tenantId, now]);
  return rows.length;
}
export {
  deleteExpiredSessions,
  deleteSession,
  deleteUserSessions,
  findActiveSession,
  insertSession
};
//# sourceMappingURL=session.repository.js.map
