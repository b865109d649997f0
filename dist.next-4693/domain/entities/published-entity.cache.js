import { LRUCache } from "lru-cache";
import { hasPendingChange } from "../../db/invalidation.js";
import { entitiesChangeKey, findPublishedEntity } from "./entity.repository.js";
const MAX_TENANTS = 2e4;
const PREFIX = entitiesChangeKey("");
class PublishedEntityCache {
  byTenant;
  generation = 0;
  /** Listens to `bus` for changes of tenants' published entities (see announceChange). */
  constructor(bus, maxTenants = MAX_TENANTS) {
    this.byTenant = new LRUCache({ max: maxTenants });
    bus.subscribe((key) => {
      if (key === null) this.evict(null);
      else if (key.startsWith(PREFIX)) this.evict(key.slice(PREFIX.length));
    });
  }
  get(tenantId, name) {
    return this.byTenant.get(tenantId)?.get(name);
  }
  /** Take before reading the database; pass to `put`. */
  mark() {
    return this.generation;
  }
  put(tenantId, name, entity, mark) {
    if (mark !== this.generation) return;
    let entries = this.byTenant.get(tenantId);
    if (!entries) this.byTenant.set(tenantId, entries = /* @__PURE__ */ new Map());
    entries.set(name, deepFreeze(entity));
  }
  /** Forgets one tenant's entities, or every tenant's with `null`. */
  evict(tenantId) {
    this.generation++;
    if (tenantId === null) this.byTenant.clear();
    else this.byTenant.delete(tenantId);
  }
  /** Tenants held. */
  get size() {
    return this.byTenant.size;
  }
}
function deepFreeze(value) {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
async function findPublishedEntityCached(tx, cache, name) {
  if (hasPendingChange(tx, entitiesChangeKey(tx.tenantId))) return findPublishedEntity(tx, name);
  const hit = cache.get(tx.tenantId, name);
  if (hit) return hit;
  const mark = cache.mark();
  const found = await findPublishedEntity(tx, name);
  if (found && !("draftOnly" in found)) cache.put(tx.tenantId, name, found, mark);
  return found;
}
export {
  MAX_TENANTS,
  PublishedEntityCache,
  findPublishedEntityCached
};
//# sourceMappingURL=published-entity.cache.js.map
