import type { TenantTx } from '../../db/with-tenant.js';
import type { TenantRole, UserPermissions } from '../access/principal.js';

export type SessionKind = 'rest' | 'mcp';

/** A live session joined with its (active) user, as the authenticators need it. */
export interface ActiveSession {
  sessionId: string;
  tokenHash: string;
  userId: string;
  email: string;
  role: TenantRole;
  permissions: UserPermissions;
}

export async function insertSession(
  tx: TenantTx,
  session: { id?: string; userId: string; tokenHash: string; kind: SessionKind; expiresAt: Date; now: Date },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `insert into user_sessions (tenant_id, id, user_id, token_hash, kind, expires_at, created_at)
     values ($1, coalesce($2::uuid, gen_random_uuid()), $3, $4, $5, $6, $7) returning id`,
    [tx.tenantId, session.id ?? null, session.userId, session.tokenHash, session.kind, session.expiresAt, session.now],
  );
  return row!.id;
}

/** The unexpired session with this token hash, provided its user is active; undefined otherwise. */
export async function findActiveSession(tx: TenantTx, tokenHash: string, now: Date): Promise<ActiveSession | undefined> {
  const [row] = await tx.query<ActiveSession & Record<string, unknown>>(
    `select s.id as "sessionId", s.token_hash as "tokenHash", u.id as "userId", u.email, u.role, u.permissions
       from user_sessions s
       join tenant_users u on u.tenant_id = s.tenant_id and u.id = s.user_id
      where s.tenant_id = $1 and s.token_hash = $2 and s.expires_at > $3 and u.is_active`,
    [tx.tenantId, tokenHash, now],
  );
  return row;
}

export async function deleteSession(tx: TenantTx, sessionId: string): Promise<boolean> {
  const rows = await tx.query('delete from user_sessions where tenant_id = $1 and id = $2 returning id', [tx.tenantId, sessionId]);
  return rows.length > 0;
}

/** Ends every session of a user except `keep` (the caller's own, when it changes its password). */
export async function deleteUserSessions(tx: TenantTx, userId: string, keep?: string): Promise<number> {
  const rows = await tx.query(
    'delete from user_sessions where tenant_id = $1 and user_id = $2 and ($3::uuid is null or id <> $3::uuid) returning id',
    [tx.tenantId, userId, keep ?? null],
  );
  return rows.length;
}

/** Removes the tenant's expired sessions (run at each login, so the table stays bounded). */
export async function deleteExpiredSessions(tx: TenantTx, now: Date): Promise<number> {
  const rows = await tx.query('delete from user_sessions where tenant_id = $1 and expires_at <= $2 returning id', [tx.tenantId, now]);
  return rows.length;
}
