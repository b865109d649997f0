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
 * when their listener reconnects. A read that raced a change cannot store what it read: entries are
 * stored only if no eviction happened since the read began (generation check). The TTL bounds
 * staleness in the one case the above cannot see: notifications lost while another process's
 * listener was disconnected, before it reconnected.
 */
const TTL_MS = 60_000;
const MAX_TENANTS = 20_000;

type Entry = { entity: PublishedEntity; at: number };

const PREFIX = entitiesChangeKey('');

export class PublishedEntityCache {
  private readonly byTenant = new Map<string, Map<string, Entry>>();
  private generation = 0;

  /** Listens to `bus` for changes of tenants' published entities (see announceChange). */
  constructor(
    bus: InvalidationBus,
    private readonly now: () => number = Date.now,
  ) {
    bus.subscribe((key) => {
      if (key === null) this.evict(null);
      else if (key.startsWith(PREFIX)) this.evict(key.slice(PREFIX.length));
    });
  }

  get(tenantId: string, name: string): PublishedEntity | undefined {
    const hit = this.byTenant.get(tenantId)?.get(name);
    if (!hit) return undefined;
    if (this.now() - hit.at > TTL_MS) {
      this.byTenant.get(tenantId)?.delete(name);
      return undefined;
    }
    return hit.entity;
  }

  /** Take before reading the database; pass to `put`. */
  mark(): number {
    return this.generation;
  }

  put(tenantId: string, name: string, entity: PublishedEntity, mark: number): void {
    if (mark !== this.generation) return;
    if (!this.byTenant.has(tenantId) && this.byTenant.size >= MAX_TENANTS) this.byTenant.clear();
    let entries = this.byTenant.get(tenantId);
    if (!entries) this.byTenant.set(tenantId, (entries = new Map()));
    entries.set(name, { entity: deepFreeze(entity), at: this.now() });
  }

  /** Forgets one tenant's entities, or every tenant's with `null`. */
  evict(tenantId: string | null): void {
    this.generation++;
    if (tenantId === null) this.byTenant.clear();
    else this.byTenant.delete(tenantId);
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
