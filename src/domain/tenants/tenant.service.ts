import type { Database } from '../../db/database.js';
import { notFound, toolRef } from '../../errors.js';
import type { TenantRef } from '../access/principal.js';
import type { TenantCache } from './tenant.cache.js';
import { findTenant, insertTenant, type TenantRow } from './tenant.repository.js';

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Lowercase, hyphen-separated, accents folded: "Taller Pérez & Hijos" → "taller-perez-hijos". */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/g, '');
}

export function createTenant(db: Database, input: { name: string; slug?: string | undefined; description?: string | undefined }) {
  const slug = input.slug ?? slugify(input.name);
  return insertTenant(db, { name: input.name, slug, description: input.description ?? '' });
}

/** The one answer for a tenant the caller cannot see — missing, or (for a bound credential) another's. */
export const tenantNotFound = (idOrSlug: string) =>
  notFound(`Tenant "${idOrSlug}" not found; ${toolRef('list_tenants')} shows the tenants you can use`);

/** Resolves an id or slug (X-Tenant-ID, select_tenant) to a tenant, or NOT_FOUND. */
export async function resolveTenant(db: Database, cache: TenantCache, idOrSlug: string): Promise<TenantRef> {
  const cached = cache.get(idOrSlug);
  if (cached) return cached;
  const row = await findTenant(db, idOrSlug);
  if (!row) throw tenantNotFound(idOrSlug);
  const ref = toTenantRef(row);
  cache.put(ref);
  return ref;
}

export const toTenantRef = (row: TenantRow): TenantRef => ({ id: row.id, slug: row.slug, name: row.name });
