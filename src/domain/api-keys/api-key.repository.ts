import type { Queryable } from '../../db/database.js';

export type ApiKeyScope = 'tenant' | 'admin';

/** A key as the authenticator needs it (joined with its administrator). */
export interface ApiKeyRecord {
  id: string;
  scope: ApiKeyScope;
  tenantId: string | null;
  adminId: string;
  adminEmail: string;
  adminName: string;
  keyHash: string;
}

/** A key as listed: never its secret nor its hash. */
export interface ApiKeyView {
  id: string;
  name: string;
  scope: ApiKeyScope;
  prefix: string;
  tenantId: string | null;
  adminId: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

const VIEW = `id, name, scope, prefix, tenant_id as "tenantId", admin_id as "adminId",
  created_at as "createdAt", last_used_at as "lastUsedAt"`;

export async function insertApiKey(
  db: Queryable,
  key: { adminId: string; tenantId: string | null; name: string; scope: ApiKeyScope; prefix: string; keyHash: string },
): Promise<ApiKeyView> {
  const [row] = await db.query<ApiKeyView & Record<string, unknown>>(
    `insert into api_keys (admin_id, tenant_id, name, scope, prefix, key_hash)
     values ($1, $2, $3, $4, $5, $6) returning ${VIEW}`,
    [key.adminId, key.tenantId, key.name, key.scope, key.prefix, key.keyHash],
  );
  return row!;
}

export function listActiveApiKeys(db: Queryable): Promise<ApiKeyView[]> {
  return db.query<ApiKeyView & Record<string, unknown>>(`select ${VIEW} from api_keys where revoked_at is null order by created_at desc`);
}

export async function findActiveApiKeyByHash(db: Queryable, keyHash: string): Promise<ApiKeyRecord | undefined> {
  const [row] = await db.query<ApiKeyRecord & Record<string, unknown>>(
    `select k.id, k.scope, k.tenant_id as "tenantId", k.admin_id as "adminId", k.key_hash as "keyHash",
            a.email as "adminEmail", a.name as "adminName"
       from api_keys k join admins a on a.id = k.admin_id
      where k.key_hash = $1 and k.revoked_at is null`,
    [keyHash],
  );
  return row;
}

/** Marks a key revoked; false when no active key has that id. */
export async function revokeApiKey(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query('update api_keys set revoked_at = now() where id = $1 and revoked_at is null returning id', [id]);
  return rows.length > 0;
}

export async function touchApiKey(db: Queryable, id: string): Promise<void> {
  await db.query(
    "update api_keys set last_used_at = now() where id = $1 and (last_used_at is null or last_used_at < now() - interval '1 minute')",
    [id],
  );
}
