import { LRUCache } from 'lru-cache';
import { hasPendingChange, type InvalidationBus } from '../../db/invalidation.js';
import type { TenantTx } from '../../db/with-tenant.js';
import { entitiesChangeKey, findPublishedEntity } from './entity.repository.js';
import type { PublishedEntity } from './entity.types.js';

/**
 * Published entity definitions by tenant and name, so a record request costs no definition lookup.
 * One per running service (built by the composition root, listening to its database's bus).
 *
 * Exactness: every change of what a tenant's entities publish (publish, import, delete) goes through
 * `announceChange(tx, entitiesChangeKey(tenant))` in the changing transaction (entity.repository.ts).
 * This process evicts the tenant right after its COMMIT; other processes on the same PostgreSQL
 * server evict when the NOTIFY sent at that commit reaches them (milliseconds), and clear everything
 * when their listener reconnects (it may have missed notifications). A read that raced a change
 * cannot store what it read: entries are stored only if no eviction happened since the read began
 * (generation check).
 *
 * Bounded, not timed: a least-recently-used cache of tenants (MAX_TENANTS). Nothing expires by age,
 * so tenants warmed together do not go cold together, and crossing the bound drops only the least
 * recently used tenant.
 */
export const MAX_TENANTS = 20_000;

const PREFIX = entitiesChangeKey('');

export class PublishedEntityCache {
  private readonly byTenant: LRUCache<string, Map<string, PublishedEntity>>;
  private generation = 0;

  /** Listens to `bus` for changes of tenants' published entities (see announceChange). */
  constructor(bus: InvalidationBus, maxTenants = MAX_TENANTS) {
    this.byTenant = new LRUCache({ max: maxTenants });
    bus.subscribe((key) => {
      if (key === null) this.evict(null);
      else if (key.startsWith(PREFIX)) this.evict(key.slice(PREFIX.length));
    });
  }

  get(tenantId: string, name: string): PublishedEntity | undefined {
    return this.byTenant.get(tenantId)?.get(name);
  }

  /** Take before reading the database; pass to `put`. */
  mark(): number {
    return this.generation;
  }

  put(tenantId: string, name: string, entity: PublishedEntity, mark: number): void {
    if (mark !== this.generation) return;
    let entries = this.byTenant.get(tenantId);
    if (!entries) this.byTenant.set(tenantId, (entries = new Map()));
    entries.set(name, deepFreeze(entity));
  }

  /** Forgets one tenant's entities, or every tenant's with `null`. */
  evict(tenantId: string | null): void {
    this.generation++;
    if (tenantId === null) this.byTenant.clear();
    else this.byTenant.delete(tenantId);
  }

  /** Tenants held. */
  get size(): number {
    return this.byTenant.size;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** findPublishedEntity through the cache; a transaction that changed its tenant's entities bypasses it. */
export async function findPublishedEntityCached(
  tx: TenantTx,
  cache: PublishedEntityCache,
  name: string,
): Promise<PublishedEntity | { draftOnly: true } | null> {
  if (hasPendingChange(tx, entitiesChangeKey(tx.tenantId))) return findPublishedEntity(tx, name);
  const hit = cache.get(tx.tenantId, name);
  if (hit) return hit;
  const mark = cache.mark();
  const found = await findPublishedEntity(tx, name);
  if (found && !('draftOnly' in found)) cache.put(tx.tenantId, name, found, mark);
  return found;
}
