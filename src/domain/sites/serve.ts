import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';
import { headersFor } from './headers.js';
import type { LiveSite, SiteFile } from './live-site.js';
import { NOT_FOUND_FILE, queryOf, requestPath } from './paths.js';
import { encodePath, fillTarget, matchPattern } from './patterns.js';
import type { SiteCache } from './site.cache.js';
import { subdomainOfHost } from './subdomain.js';

/** What the HTTP transport hands over of a request whose Host may name a site. */
export interface SiteRequest {
  readonly method: string;
  /** The request target as sent (path and query, still percent-encoded). */
  readonly url: string;
  readonly host: string | undefined;
  readonly acceptEncoding: string | undefined;
  readonly ifNoneMatch: string | undefined;
}

/** The answer, for the transport to write as it is (a HEAD answer's body is not sent). */
export interface SiteResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Buffer | string;
}

const NOSNIFF = { 'x-content-type-options': 'nosniff' };
const plain = (status: number, text: string, extra: Record<string, string> = {}): SiteResponse => ({
  status,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache', ...NOSNIFF, ...extra },
  body: `${text}\n`,
});

/**
 * Answers a request whose Host is `<subdomain>.<domain>`; undefined when the Host is not under
 * `domain` (the request is not for a site). GET and HEAD only. The path resolves to a file
 * (`index.html` for a folder, `<path>.html` for a clean URL, a redirect to `<path>/` for a folder
 * named without its slash); only then, `_redirects` rules (first match); then the site's
 * `404.html`, or a plain 404.
 */
export async function serveSiteRequest(cache: SiteCache, domain: string, req: SiteRequest): Promise<SiteResponse | undefined> {
  const subdomain = subdomainOfHost(req.host, domain);
  if (subdomain === undefined) return undefined;
  if (req.method !== 'GET' && req.method !== 'HEAD') return plain(405, 'Method not allowed', { allow: 'GET, HEAD' });
  const site = subdomain === null ? null : await cache.site(subdomain);
  if (!site) return plain(404, 'No site here');
  const path = requestPath(req.url);
  if (path === null) return notFound(cache, site, req, '');

  const direct = resolveFile(site, path);
  if (direct.kind === 'file') return serveFile(cache, site, direct.file, req, path, 200);
  if (direct.kind === 'folder') return redirect(`/${encodePath(path)}/${queryOf(req.url)}`, 301);

  for (const rule of site.redirects) {
    const captures = matchPattern(rule.from, path);
    if (!captures) continue;
    if (rule.status !== 200) {
      const target = fillTarget(rule.to, captures, encodePath);
      return redirect(target.includes('?') ? target : `${target}${queryOf(req.url)}`, rule.status);
    }
    const rewritten = fillTarget(rule.to, captures).split('?')[0]!.slice(1);
    const found = resolveFile(site, rewritten);
    if (found.kind === 'file') return serveFile(cache, site, found.file, req, path, 200);
    break;
  }
  return notFound(cache, site, req, path);
}

type Resolved = { kind: 'file'; file: SiteFile } | { kind: 'folder' } | { kind: 'none' };

function resolveFile(site: LiveSite, path: string): Resolved {
  if (path === '' || path.endsWith('/')) {
    const index = site.files.get(`${path}index.html`);
    return index ? { kind: 'file', file: index } : { kind: 'none' };
  }
  const exact = site.files.get(path);
  if (exact) return { kind: 'file', file: exact };
  if (site.files.has(`${path}/index.html`)) return { kind: 'folder' };
  const html = site.files.get(`${path}.html`);
  return html ? { kind: 'file', file: html } : { kind: 'none' };
}

const redirect = (location: string, status: number): SiteResponse => plain(status, `Redirecting to ${location}`, { location });

async function notFound(cache: SiteCache, site: LiveSite, req: SiteRequest, requested: string): Promise<SiteResponse> {
  const page = site.files.get(NOT_FOUND_FILE);
  if (page) return serveFile(cache, site, page, req, requested, 404);
  return plain(404, 'Not found');
}

async function serveFile(
  cache: SiteCache,
  site: LiveSite,
  file: SiteFile,
  req: SiteRequest,
  requested: string,
  status: 200 | 404,
): Promise<SiteResponse> {
  const encoding = chooseEncoding(file, req.acceptEncoding);
  const headers: Record<string, string> = { 'cache-control': file.cacheControl, ...NOSNIFF };
  if (file.brotli || file.gzip) headers.vary = 'Accept-Encoding';
  if (status === 200) headers.etag = etagOf(file.hash, encoding);
  for (const [name, value] of headersFor(site.headers, requested)) headers[name] = value;
  if (status === 200 && matchesEtag(req.ifNoneMatch, file.hash)) return { status: 304, headers, body: '' };

  const bodies = await cache.bodiesOf(site, file.hash);
  if (!bodies) return plain(404, 'Not found');
  const body = encoding === 'br' ? bodies.brotli : encoding === 'gzip' ? bodies.gzip : bodies.identity;
  headers['content-type'] ??= file.contentType;
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  return { status, headers, body: body ?? bodies.identity };
}

type Encoding = 'br' | 'gzip' | 'identity';
const ENCODING_SUFFIX: Record<Encoding, string> = { br: '-br', gzip: '-gz', identity: '' };

/**
 * Strong validator: the content hash, suffixed by the encoding when the body is encoded (two
 * encodings are two representations, and a strong ETag must tell them apart, as Apache does).
 */
const etagOf = (hash: string, encoding: Encoding) => `"${hash}${ENCODING_SUFFIX[encoding]}"`;

/** If-None-Match (weak comparison, RFC 9110): `*`, or any listed tag naming this content. */
export function matchesEtag(header: string | undefined, hash: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  for (const raw of header.split(',')) {
    const tag = raw.trim().replace(/^W\//, '');
    if (!tag.startsWith('"') || !tag.endsWith('"')) continue;
    const value = tag.slice(1, -1).replace(/-(br|gz)$/, '');
    if (value === hash) return true;
  }
  return false;
}

/** Negotiation answers by (encodings the file has, Accept-Encoding): few distinct values, asked per request. */
const negotiated = new LRUCache<string, Encoding>({ max: 1000 });
/** On equal q-values the server's order decides (negotiator's `preferred`, which its typings omit). */
const PREFERRED: Encoding[] = ['br', 'gzip', 'identity'];
interface PreferringNegotiator {
  encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined;
}

/** The client's preferred encoding among those the file has (brotli, then gzip, on equal terms). */
function chooseEncoding(file: SiteFile, acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding || (!file.brotli && !file.gzip)) return 'identity';
  const offered = `${file.brotli ? 'b' : ''}${file.gzip ? 'g' : ''}`;
  const key = `${offered}|${acceptEncoding}`;
  const known = negotiated.get(key);
  if (known) return known;
  const available: Encoding[] = [...(file.brotli ? (['br'] as const) : []), ...(file.gzip ? (['gzip'] as const) : []), 'identity'];
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }) as Negotiator & PreferringNegotiator;
  const chosen = (negotiator.encoding(available, { preferred: PREFERRED }) ?? 'identity') as Encoding;
  negotiated.set(key, chosen);
  return chosen;
}
