import { LRUCache } from 'lru-cache';
import type { InvalidationBus } from '../../db/invalidation.js';
import type { ApiKeyRecord } from './api-key.repository.js';

/** The change key a revocation announces (announceGlobalChange), for every instance's cache. */
export const apiKeyChangeKey = (keyId: string) => `api-key:${keyId}`;
const PREFIX = apiKeyChangeKey('');

/** Keys kept: beyond it the least recently used key is dropped (one lookup when it comes back). */
export const API_KEY_CACHE_MAX = 10_000;

/**
 * Recently used API keys by hash, so a request costs no key lookup. A bounded LRU: nothing expires
 * by age; correctness comes from invalidation. A revocation announces `api-key:<id>` — this process
 * evicts at once, other instances on the same PostgreSQL when the NOTIFY sent at the revocation's
 * commit reaches them — and a reconnected listener (which may have missed notifications) clears
 * everything (docs/security.md "Many instances").
 */
export class ApiKeyCache {
  private readonly byHash: LRUCache<string, ApiKeyRecord>;

  constructor(bus: InvalidationBus, max = API_KEY_CACHE_MAX) {
    this.byHash = new LRUCache({ max });
    bus.subscribe((key) => {
      if (key === null) this.byHash.clear();
      else if (key.startsWith(PREFIX)) this.evict(key.slice(PREFIX.length));
    });
  }

  get(hash: string): ApiKeyRecord | undefined {
    return this.byHash.get(hash);
  }

  put(hash: string, key: ApiKeyRecord): void {
    this.byHash.set(hash, key);
  }

  /** Forgets a key by id (revocations are rare: a scan of at most `max` entries). */
  evict(keyId: string): void {
    for (const [hash, key] of this.byHash.entries()) if (key.id === keyId) this.byHash.delete(hash);
  }

  get size(): number {
    return this.byHash.size;
  }
}
