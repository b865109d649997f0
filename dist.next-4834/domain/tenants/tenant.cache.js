import { LRUCache } from "lru-cache";
const TENANT_CACHE_MAX = 1e5;
class TenantCache {
  byKey;
  constructor(max = TENANT_CACHE_MAX) {
    this.byKey = new LRUCache({ max });
  }
  get(idOrSlug) {
    return this.byKey.get(idOrSlug);
  }
  put(tenant) {
    this.byKey.set(tenant.id, tenant);
    this.byKey.set(tenant.slug, tenant);
  }
}
export {
  TENANT_CACHE_MAX,
  TenantCache
};
//# sourceMappingURL=tenant.cache.js.map
