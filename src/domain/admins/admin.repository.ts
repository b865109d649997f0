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

/** The administrator behind a token, unless that token was revoked by logout. */
export async function findAdminForToken(
  db: Queryable,
  adminId: string,
  tokenId: string,
): Promise<{ id: string; email: string; name: string } | undefined> {
  const [row] = await db.query<{ id: string; email: string; name: string }>(
    `select id, email, name from admins
      where id = $1 and not exists (select 1 from revoked_admin_tokens where jti = $2)`,
    [adminId, tokenId],
  );
  return row;
}

export async function revokeAdminToken(db: Queryable, tokenId: string, expiresAt: Date): Promise<void> {
  await db.query('delete from revoked_admin_tokens where expires_at < now()');
  await db.query('insert into revoked_admin_tokens (jti, expires_at) values ($1, $2) on conflict do nothing', [tokenId, expiresAt]);
}
