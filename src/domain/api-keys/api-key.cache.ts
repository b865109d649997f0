import type { Clock } from '../auth/clock.js';
import type { ApiKeyRecord } from './api-key.repository.js';

const TTL_MS = 60_000;

/**
 * Recently used API keys by hash, so a request costs no key lookup. Revocation in this process
 * evicts the key at once; the TTL bounds how long another process could still accept it.
 */
export class ApiKeyCache {
  private readonly byHash = new Map<string, { key: ApiKeyRecord; at: number }>();

  constructor(private readonly clock: Clock) {}

  get(hash: string): ApiKeyRecord | undefined {
    const hit = this.byHash.get(hash);
    if (!hit) return undefined;
    if (this.clock.now().getTime() - hit.at > TTL_MS) {
      this.byHash.delete(hash);
      return undefined;
    }
    return hit.key;
  }

  put(hash: string, key: ApiKeyRecord): void {
    if (this.byHash.size > 10_000) this.byHash.clear();
    this.byHash.set(hash, { key, at: this.clock.now().getTime() });
  }

  evict(keyId: string): void {
    for (const [hash, hit] of this.byHash) if (hit.key.id === keyId) this.byHash.delete(hash);
  }
}
