import type { Queryable } from '../../db/database.js';
import { isUuid } from '../../uuid.js';

/** Tenants are a global table: administrators list them and requests resolve them before any tenant context. */
export interface TenantRow {
  id: string;
  name: string;
  slug: string;
  description: string;
  createdAt: Date;
}

const COLUMNS = 'id, name, slug, description, created_at as "createdAt"';

export async function insertTenant(db: Queryable, t: { name: string; slug: string; description: string }): Promise<TenantRow> {
  const [row] = await db.query<TenantRow & Record<string, unknown>>(
    `insert into tenants (name, slug, description) values ($1, $2, $3) returning ${COLUMNS}`,
    [t.name, t.slug, t.description],
  );
  return row!;
}

export async function listTenants(db: Queryable): Promise<TenantRow[]> {
  return db.query<TenantRow & Record<string, unknown>>(`select ${COLUMNS} from tenants order by created_at, slug`);
}

export async function findTenant(db: Queryable, idOrSlug: string): Promise<TenantRow | undefined> {
  const rows = isUuid(idOrSlug)
    ? await db.query<TenantRow & Record<string, unknown>>(`select ${COLUMNS} from tenants where id = $1`, [idOrSlug])
    : await db.query<TenantRow & Record<string, unknown>>(`select ${COLUMNS} from tenants where slug = $1`, [idOrSlug.toLowerCase()]);
  return rows[0];
}
