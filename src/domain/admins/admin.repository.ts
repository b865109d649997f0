import type { Queryable } from '../../db/database.js';

export interface AdminRow {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
}

export async function countAdmins(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from admins');
  return row?.n ?? 0;
}

export async function insertAdmin(db: Queryable, a: { email: string; name: string; passwordHash: string }): Promise<void> {
  await db.query('insert into admins (email, name, password_hash) values ($1, $2, $3)', [a.email, a.name, a.passwordHash]);
}

export async function findAdminByEmail(db: Queryable, email: string): Promise<AdminRow | undefined> {
  const [row] = await db.query<AdminRow & Record<string, unknown>>(
    'select id, email, name, password_hash as "passwordHash" from admins where lower(email) = lower($1)',
    [email],
  );
  return row;
}

/**
 * The administrator behind a token, unless logout revoked the token or its family (the caller
 * compares the token's credential stamp with `passwordHash`).
 * `revoked_admin_tokens.jti` holds token ids and token family ids alike (both UUIDs).
 */
export async function findAdminForToken(
  db: Queryable,
  adminId: string,
  token: { id: string; family: string },
): Promise<AdminRow | undefined> {
  const [row] = await db.query<AdminRow & Record<string, unknown>>(
    `select id, email, name, password_hash as "passwordHash" from admins
      where id = $1 and not exists (select 1 from revoked_admin_tokens where jti in ($2, $3))`,
    [adminId, token.id, token.family],
  );
  return row;
}

/** Revokes a token id or a whole family until `expiresAt` (when every token it covers has expired). */
export async function revokeAdminToken(db: Queryable, id: string, expiresAt: Date): Promise<void> {
  await db.query('delete from revoked_admin_tokens where expires_at < now()');
  await db.query(
    `insert into revoked_admin_tokens (jti, expires_at) values ($1, $2)
     on conflict (jti) do update set expires_at = greatest(revoked_admin_tokens.expires_at, excluded.expires_at)`,
    [id, expiresAt],
  );
}
