import { contentTypeOf, isHtml } from './content-type.js';
import { parseHeaders, type HeaderRule } from './headers.js';
import { CONFIG_FILES, HEADERS_FILE, REDIRECTS_FILE } from './paths.js';
import { parseRedirects, type RedirectRule } from './redirects.js';
import type { LiveFileRow } from './site.repository.js';

/** A file of a site's live version, with what serving it needs to know before reading it. */
export interface SiteFile {
  readonly path: string;
  readonly hash: string;
  readonly size: number;
  readonly contentType: string;
  readonly cacheControl: string;
  readonly brotli: boolean;
  readonly gzip: boolean;
}

/** A site's live version as the serving path holds it in memory. */
export interface LiveSite {
  readonly tenantId: string;
  readonly subdomain: string;
  readonly version: number;
  /** Servable files by path (`_redirects` and `_headers` are not among them). */
  readonly files: ReadonlyMap<string, SiteFile>;
  readonly redirects: readonly RedirectRule[];
  readonly headers: readonly HeaderRule[];
}

/**
 * Whether a file name carries a content hash (`app.3f9a1c2e.js`, `index-BxH3kq9Z.css`): the part
 * after the last `.` or `-` before the extension is 8+ characters, and either hex with a letter
 * and a digit, or mixes upper case, lower case and digits. Such a file never changes under its
 * name, so browsers may keep it for a year. The test is conservative: a hash it misses only
 * costs a revalidation (304).
 */
export function isFingerprinted(name: string): boolean {
  const hash = /[.-]([A-Za-z0-9_]{8,})\.[^.]+$/.exec(name)?.[1];
  if (!hash) return false;
  const digit = /\d/.test(hash);
  if (/^[0-9a-f]+$/.test(hash)) return digit && /[a-f]/.test(hash);
  return digit && /[A-Z]/.test(hash) && /[a-z]/.test(hash);
}

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** HTML and unfingerprinted files: kept, but revalidated on every use (cheap: ETag → 304). */
export const CACHE_REVALIDATE = 'no-cache';

export function cachePolicyOf(path: string): string {
  if (isHtml(path)) return CACHE_REVALIDATE;
  return isFingerprinted(path.slice(path.lastIndexOf('/') + 1)) ? CACHE_IMMUTABLE : CACHE_REVALIDATE;
}

/** Builds the in-memory site from its live files and the text of its config files. */
export function buildLiveSite(
  tenantId: string,
  subdomain: string,
  rows: readonly LiveFileRow[],
  configText: ReadonlyMap<string, string>,
): LiveSite {
  const files = new Map<string, SiteFile>();
  for (const r of rows) {
    if (CONFIG_FILES.has(r.path)) continue;
    files.set(r.path, {
      path: r.path,
      hash: r.hash,
      size: r.size,
      contentType: contentTypeOf(r.path),
      cacheControl: cachePolicyOf(r.path),
      brotli: r.brotli,
      gzip: r.gzip,
    });
  }
  const redirects = configText.has(REDIRECTS_FILE) ? parseRedirects(configText.get(REDIRECTS_FILE)!).rules : [];
  const headers = configText.has(HEADERS_FILE) ? parseHeaders(configText.get(HEADERS_FILE)!).rules : [];
  return { tenantId, subdomain, version: rows[0]?.version ?? 0, files, redirects, headers };
}
