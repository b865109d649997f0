import { LRUCache } from 'lru-cache';
import type { TenantRef } from '../access/principal.js';

/** Ids and slugs kept (two per tenant): beyond it the least recently used is dropped. */
export const TENANT_CACHE_MAX = 100_000;

/**
 * Tenants by id and by slug. Tenants are never renamed, re-slugged or deleted, so entries stay
 * valid and need no invalidation; the cache only saves a lookup on every request. A bounded LRU:
 * crossing the bound drops the least recently used entry, never the whole cache.
 */
export class TenantCache {
  private readonly byKey: LRUCache<string, TenantRef>;

  constructor(max = TENANT_CACHE_MAX) {
    this.byKey = new LRUCache({ max });
  }

  get(idOrSlug: string): TenantRef | undefined {
    return this.byKey.get(idOrSlug);
  }

  put(tenant: TenantRef): void {
    this.byKey.set(tenant.id, tenant);
    this.byKey.set(tenant.slug, tenant);
  }
}
