import { describe, expect, it } from 'vitest';
import { InvalidationBus } from '../../src/db/invalidation.js';
import { ApiKeyCache, apiKeyChangeKey } from '../../src/domain/api-keys/api-key.cache.js';
import type { ApiKeyRecord } from '../../src/domain/api-keys/api-key.repository.js';
import { TenantCache } from '../../src/domain/tenants/tenant.cache.js';

const key = (id: string) => ({ id, keyHash: `h-${id}`, scope: 'tenant', tenantId: 't', adminId: 'a' }) as unknown as ApiKeyRecord;

/** Caches are bounded LRUs made exact by invalidation, not by age (docs/security.md "Caches"). */
describe('bounded caches', () => {
  it('API keys: past the bound the least recently used key goes; announcements evict by id, null clears', () => {
    const bus = new InvalidationBus();
    const cache = new ApiKeyCache(bus, 3);
    for (const id of ['k1', 'k2', 'k3']) cache.put(`h-${id}`, key(id));
    expect(cache.get('h-k1')?.id).toBe('k1');
    cache.put('h-k4', key('k4'));
    expect(cache.size).toBe(3);
    expect(['k1', 'k2', 'k3', 'k4'].map((id) => cache.get(`h-${id}`)?.id ?? null)).toEqual(['k1', null, 'k3', 'k4']);
    bus.dispatch(apiKeyChangeKey('k3'));
    expect(cache.get('h-k3')).toBeUndefined();
    expect(cache.get('h-k4')?.id).toBe('k4');
    bus.dispatch('entities:elsewhere');
    expect(cache.size).toBe(2);
    bus.dispatch(null);
    expect(cache.size).toBe(0);
  });

  it('tenants: bounded by entries, never cleared whole', () => {
    const cache = new TenantCache(4);
    for (const n of [1, 2, 3]) cache.put({ id: `id${n}`, slug: `s${n}`, name: `T${n}` });
    expect(cache.get('id1')).toBeUndefined();
    expect(cache.get('s3')?.id).toBe('id3');
    expect(cache.get('id2')?.slug).toBe('s2');
  });
});
