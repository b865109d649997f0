import { LRUCache } from "lru-cache";
import { withTenant } from "../../db/with-tenant.js";
import { buildLiveSite } from "./live-site.js";
import { CONFIG_FILES } from "./paths.js";
import { blobContent, hostTenant, liveFiles } from "./site.repository.js";
import { siteChangeKey } from "./site.service.js";
const KEY_PREFIX = siteChangeKey("");
const NO_SITE = /* @__PURE__ */ Symbol("no site");
const MAX_SITES = 1e4;
const TTL_MS = 6e4;
const asBuffer = (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
class SiteCache {
  constructor(db, bus, cacheBytes) {
    this.db = db;
    bus.subscribe((key) => {
      if (key === null) this.evict(null);
      else if (key.startsWith(KEY_PREFIX)) this.evict(key.slice(KEY_PREFIX.length));
    });
    this.bodies = cacheBytes > 0 ? new LRUCache({
      maxSize: cacheBytes,
      sizeCalculation: (b) => b.identity.length + (b.brotli?.length ?? 0) + (b.gzip?.length ?? 0) + 64,
      fetchMethod: (hash, _stale, { context }) => this.loadBodies(context, hash)
    }) : null;
  }
  db;
  sites = new LRUCache({ max: MAX_SITES, ttl: TTL_MS });
  loading = /* @__PURE__ */ new Map();
  generation = 0;
  bodies;
  /** The live site of `subdomain`, or null when no tenant deployed one. */
  site(subdomain) {
    const hit = this.sites.get(subdomain);
    if (hit !== void 0) return hit === NO_SITE ? null : hit;
    const pending = this.loading.get(subdomain);
    if (pending) return pending;
    const mark = this.generation;
    const load = this.loadSite(subdomain).then((site) => {
      if (mark === this.generation) this.sites.set(subdomain, site ?? NO_SITE);
      return site;
    }).finally(() => {
      if (this.loading.get(subdomain) === load) this.loading.delete(subdomain);
    });
    this.loading.set(subdomain, load);
    return load;
  }
  /** A file's bodies (undefined when the blob is gone: the site changed under a stale manifest). */
  async bodiesOf(site, hash) {
    if (!this.bodies) return this.loadBodies(site.tenantId, hash);
    return this.bodies.fetch(hash, { context: site.tenantId });
  }
  /** Forgets one subdomain's site, or every site with `null`. */
  evict(subdomain) {
    this.generation++;
    if (subdomain === null) {
      this.sites.clear();
      this.loading.clear();
    } else {
      this.sites.delete(subdomain);
      this.loading.delete(subdomain);
    }
  }
  async loadSite(subdomain) {
    const tenantId = await hostTenant(this.db, subdomain);
    if (!tenantId) return null;
    return withTenant(this.db, tenantId, { readOnly: true, transaction: false }, async (tx) => {
      const rows = await liveFiles(tx, subdomain);
      if (rows.length === 0) return null;
      const config = /* @__PURE__ */ new Map();
      for (const row of rows.filter((r) => CONFIG_FILES.has(r.path))) {
        const blob = await blobContent(tx, row.hash);
        if (blob) config.set(row.path, asBuffer(blob.content).toString("utf8"));
      }
      return buildLiveSite(tenantId, subdomain, rows, config);
    });
  }
  async loadBodies(tenantId, hash) {
    const blob = await withTenant(this.db, tenantId, { readOnly: true, transaction: false }, (tx) => blobContent(tx, hash));
    if (!blob) return void 0;
    return {
      identity: asBuffer(blob.content),
      brotli: blob.brotli ? asBuffer(blob.brotli) : null,
      gzip: blob.gzip ? asBuffer(blob.gzip) : null
    };
  }
}
export {
  SiteCache
};
//# sourceMappingURL=site.cache.js.map
