import type { TenantRef } from '../access/principal.js';

/**
 * Tenants by id and by slug. Tenants are never renamed or re-slugged, so entries stay valid;
 * the cache only saves a lookup on every request.
 */
export class TenantCache {
  private readonly byKey = new Map<string, TenantRef>();

  get(idOrSlug: string): TenantRef | undefined {
    return this.byKey.get(idOrSlug);
  }

  put(tenant: TenantRef): void {
    if (this.byKey.size > 50_000) this.byKey.clear();
    this.byKey.set(tenant.id, tenant);
    this.byKey.set(tenant.slug, tenant);
  }
}
