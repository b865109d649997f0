import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/database.js';
import type { InvalidationBus } from '../../db/invalidation.js';
import { withTenant } from '../../db/with-tenant.js';
import { buildLiveSite, type LiveSite } from './live-site.js';
import { CONFIG_FILES } from './paths.js';
import { blobContent, hostTenant, liveFiles } from './site.repository.js';
import { siteChangeKey } from './site.service.js';

/** A file's bytes and its precompressed encodings. */
export interface FileBodies {
  readonly identity: Buffer;
  readonly brotli: Buffer | null;
  readonly gzip: Buffer | null;
}

const KEY_PREFIX = siteChangeKey('');
const NO_SITE = Symbol('no site');
const MAX_SITES = 10_000;
/** Bounds staleness if another process's notification was lost while its listener reconnected. */
const TTL_MS = 60_000;

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The serving path's memory. Live sites by subdomain — the live version's manifest, `_redirects`
 * and `_headers` parsed — evicted exactly when a deploy, rollback or delete announces
 * `site:<subdomain>` (in this process right after its COMMIT, in others by NOTIFY); unknown
 * subdomains are remembered too (a first deploy announces its subdomain). A load that raced an
 * eviction is not stored (generation check). File bodies by content hash, in a least-recently-used
 * cache of `cacheBytes`: a hash's bytes never change, so they need no invalidation, and a body is
 * only ever reached through a manifest entry of the site's own tenant.
 */
export class SiteCache {
  private readonly sites = new LRUCache<string, LiveSite | typeof NO_SITE>({ max: MAX_SITES, ttl: TTL_MS });
  private readonly loading = new Map<string, Promise<LiveSite | null>>();
  private generation = 0;
  private readonly bodies: LRUCache<string, FileBodies, string> | null;

  constructor(
    private readonly db: Database,
    bus: InvalidationBus,
    cacheBytes: number,
  ) {
    bus.subscribe((key) => {
      if (key === null) this.evict(null);
      else if (key.startsWith(KEY_PREFIX)) this.evict(key.slice(KEY_PREFIX.length));
    });
    this.bodies =
      cacheBytes > 0
        ? new LRUCache<string, FileBodies, string>({
            maxSize: cacheBytes,
            sizeCalculation: (b) => b.identity.length + (b.brotli?.length ?? 0) + (b.gzip?.length ?? 0) + 64,
            fetchMethod: (hash, _stale, { context }) => this.loadBodies(context, hash),
          })
        : null;
  }

  /** The live site of `subdomain`, or null when no tenant deployed one. */
  site(subdomain: string): Promise<LiveSite | null> | LiveSite | null {
    const hit = this.sites.get(subdomain);
    if (hit !== undefined) return hit === NO_SITE ? null : hit;
    const pending = this.loading.get(subdomain);
    if (pending) return pending;
    const mark = this.generation;
    const load: Promise<LiveSite | null> = this.loadSite(subdomain)
      .then((site) => {
        if (mark === this.generation) this.sites.set(subdomain, site ?? NO_SITE);
        return site;
      })
      .finally(() => {
        if (this.loading.get(subdomain) === load) this.loading.delete(subdomain);
      });
    this.loading.set(subdomain, load);
    return load;
  }

  /** A file's bodies (undefined when the blob is gone: the site changed under a stale manifest). */
  async bodiesOf(site: LiveSite, hash: string): Promise<FileBodies | undefined> {
    if (!this.bodies) return this.loadBodies(site.tenantId, hash);
    return this.bodies.fetch(hash, { context: site.tenantId });
  }

  /** Forgets one subdomain's site, or every site with `null`. */
  evict(subdomain: string | null): void {
    this.generation++;
    if (subdomain === null) {
      this.sites.clear();
      this.loading.clear();
    } else {
      this.sites.delete(subdomain);
      this.loading.delete(subdomain);
    }
  }

  private async loadSite(subdomain: string): Promise<LiveSite | null> {
    const tenantId = await hostTenant(this.db, subdomain);
    if (!tenantId) return null;
    return withTenant(this.db, tenantId, { readOnly: true, transaction: false }, async (tx) => {
      const rows = await liveFiles(tx, subdomain);
      if (rows.length === 0) return null;
      const config = new Map<string, string>();
      for (const row of rows.filter((r) => CONFIG_FILES.has(r.path))) {
        const blob = await blobContent(tx, row.hash);
        if (blob) config.set(row.path, asBuffer(blob.content).toString('utf8'));
      }
      return buildLiveSite(tenantId, subdomain, rows, config);
    });
  }

  private async loadBodies(tenantId: string, hash: string): Promise<FileBodies | undefined> {
    const blob = await withTenant(this.db, tenantId, { readOnly: true, transaction: false }, (tx) => blobContent(tx, hash));
    if (!blob) return undefined;
    return {
      identity: asBuffer(blob.content),
      brotli: blob.brotli ? asBuffer(blob.brotli) : null,
      gzip: blob.gzip ? asBuffer(blob.gzip) : null,
    };
  }
}
