import type { TenantTx } from '../../db/with-tenant.js';
import type { NewUser, UserChanges, UserCredentials, UserView } from './user.types.js';

const VIEW = `id, email, name, role, is_active as "isActive", permissions, metadata,
  last_login_at as "lastLoginAt", created_at as "createdAt", updated_at as "updatedAt"`;

type Rows<T> = T & Record<string, unknown>;

// JSON goes in as text cast to jsonb (`$n::text::jsonb`): postgres.js would JSON-encode a string
// parameter typed jsonb a second time, storing a JSON string instead of an object.

export async function insertUser(tx: TenantTx, user: NewUser, now: Date): Promise<UserView> {
  const [row] = await tx.query<Rows<UserView>>(
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
      now,
    ],
  );
  return row!;
}

export function listUsers(tx: TenantTx): Promise<UserView[]> {
  return tx.query<Rows<UserView>>(`select ${VIEW} from tenant_users where tenant_id = $1 order by created_at, email`, [tx.tenantId]);
}

export async function findUser(tx: TenantTx, id: string): Promise<UserView | undefined> {
  const [row] = await tx.query<Rows<UserView>>(`select ${VIEW} from tenant_users where tenant_id = $1 and id = $2`, [tx.tenantId, id]);
  return row;
}

/** For login only: the one query that reads a password hash. */
export async function findCredentialsByEmail(tx: TenantTx, email: string): Promise<UserCredentials | undefined> {
  const [row] = await tx.query<Rows<UserCredentials>>(
    `select id, email, name, role, is_active as "isActive", password_hash as "passwordHash"
       from tenant_users where tenant_id = $1 and lower(email) = lower($2)`,
    [tx.tenantId, email],
  );
  return row;
}

/** Applies the given changes (absent keys stay as they are); undefined when the user does not exist. */
export async function updateUser(tx: TenantTx, id: string, changes: UserChanges, now: Date): Promise<UserView | undefined> {
  const [row] = await tx.query<Rows<UserView>>(
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
      changes.permissions === undefined ? null : JSON.stringify(changes.permissions),
      changes.isActive ?? null,
      changes.metadata === undefined ? null : JSON.stringify(changes.metadata),
      now,
    ],
  );
  return row;
}

export async function setPasswordHash(tx: TenantTx, id: string, passwordHash: string, now: Date): Promise<boolean> {
  const rows = await tx.query('update tenant_users set password_hash = $3, updated_at = $4 where tenant_id = $1 and id = $2 returning id', [
    tx.tenantId,
    id,
    passwordHash,
    now,
  ]);
  return rows.length > 0;
}

/** Deletes the user; its sessions go with it (foreign key cascade). */
export async function deleteUser(tx: TenantTx, id: string): Promise<boolean> {
  const rows = await tx.query('delete from tenant_users where tenant_id = $1 and id = $2 returning id', [tx.tenantId, id]);
  return rows.length > 0;
}

/**
 * Records a successful login, but only if the user is still active and still has the hash the
 * password was checked against (a concurrent deactivation or password change wins).
 */
export async function markLogin(tx: TenantTx, id: string, passwordHash: string, now: Date): Promise<boolean> {
  const rows = await tx.query(
    `update tenant_users set last_login_at = $4
      where tenant_id = $1 and id = $2 and is_active and password_hash = $3 returning id`,
    [tx.tenantId, id, passwordHash, now],
  );
  return rows.length > 0;
}
