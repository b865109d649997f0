import { contentTypeOf, isHtml } from "./content-type.js";
import { parseHeaders } from "./headers.js";
import { CONFIG_FILES, HEADERS_FILE, REDIRECTS_FILE } from "./paths.js";
import { parseRedirects } from "./redirects.js";
function isFingerprinted(name) {
  const hash = /[.-]([A-Za-z0-9_]{8,})\.[^.]+$/.exec(name)?.[1];
  if (!hash) return false;
  const digit = /\d/.test(hash);
  if (/^[0-9a-f]+$/.test(hash)) return digit && /[a-f]/.test(hash);
  return digit && /[A-Z]/.test(hash) && /[a-z]/.test(hash);
}
const CACHE_IMMUTABLE = "public, max-age=31536000, immutable";
const CACHE_REVALIDATE = "no-cache";
function cachePolicyOf(path) {
  if (isHtml(path)) return CACHE_REVALIDATE;
  return isFingerprinted(path.slice(path.lastIndexOf("/") + 1)) ? CACHE_IMMUTABLE : CACHE_REVALIDATE;
}
function buildLiveSite(tenantId, subdomain, rows, configText) {
  const files = /* @__PURE__ */ new Map();
  for (const r of rows) {
    if (CONFIG_FILES.has(r.path)) continue;
    files.set(r.path, {
      path: r.path,
      hash: r.hash,
      size: r.size,
      contentType: contentTypeOf(r.path),
      cacheControl: cachePolicyOf(r.path),
      brotli: r.brotli,
      gzip: r.gzip
    });
  }
  const redirects = configText.has(REDIRECTS_FILE) ? parseRedirects(configText.get(REDIRECTS_FILE)).rules : [];
  const headers = configText.has(HEADERS_FILE) ? parseHeaders(configText.get(HEADERS_FILE)).rules : [];
  return { tenantId, subdomain, version: rows[0]?.version ?? 0, files, redirects, headers };
}
export {
  CACHE_IMMUTABLE,
  CACHE_REVALIDATE,
  buildLiveSite,
  cachePolicyOf,
  isFingerprinted
};
//# sourceMappingURL=live-site.js.map
