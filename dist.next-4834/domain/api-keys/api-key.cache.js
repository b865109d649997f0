import { LRUCache } from "lru-cache";
const apiKeyChangeKey = (keyId) => `api-key:${keyId}`;
const PREFIX = apiKeyChangeKey("");
const API_KEY_CACHE_MAX = 1e4;
class ApiKeyCache {
  byHash;
  constructor(bus, max = API_KEY_CACHE_MAX) {
    this.byHash = new LRUCache({ max });
    bus.subscribe((key) => {
      if (key === null) this.byHash.clear();
      else if (key.startsWith(PREFIX)) this.evict(key.slice(PREFIX.length));
    });
  }
  get(hash) {
    return this.byHash.get(hash);
  }
  put(hash, key) {
    this.byHash.set(hash, key);
  }
  /** Forgets a key by id (revocations are rare: a scan of at most `max` entries). */
  evict(keyId) {
    for (const [hash, key] of this.byHash.entries()) if (key.id === keyId) this.byHash.delete(hash);
  }
  get size() {
    return this.byHash.size;
  }
}
export {
  API_KEY_CACHE_MAX,
  ApiKeyCache,
  apiKeyChangeKey
};
//# sourceMappingURL=api-key.cache.js.map
