/**
 * Site subdomains: one DNS label, `^[a-z0-9](-?[a-z0-9])*$`, 3–63 characters, unique across
 * tenants, and never one of the names the service or its operators keep for themselves.
 */
export const SUBDOMAIN_PATTERN = /^[a-z0-9](-?[a-z0-9])*$/;
export const SUBDOMAIN_MIN = 3;
export const SUBDOMAIN_MAX = 63;

export const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set([
  'www',
  'api',
  'admin',
  'mcp',
  'app',
  'auth',
  'login',
  'console',
  'dashboard',
  'status',
  'docs',
  'help',
  'support',
  'mail',
  'smtp',
  'imap',
  'pop',
  'ftp',
  'dns',
  'ns1',
  'ns2',
  'cdn',
  'static',
  'assets',
  'root',
  'system',
  'internal',
  'localhost',
  'sites',
  'tenantbase',
]);

export const isReservedSubdomain = (subdomain: string) => RESERVED_SUBDOMAINS.has(subdomain);

/** Whether `label` could be a site's subdomain (pattern and length; reserved names aside). */
export const isSubdomainShaped = (label: string) =>
  label.length >= SUBDOMAIN_MIN && label.length <= SUBDOMAIN_MAX && SUBDOMAIN_PATTERN.test(label);

/** The site URL answers carry: `<scheme>://<subdomain>.<domain>[:port]/`. */
export function siteUrl(where: { domain: string; urlScheme: 'http' | 'https'; urlPort: number }, subdomain: string): string {
  const defaultPort = where.urlScheme === 'https' ? 443 : 80;
  const port = where.urlPort === defaultPort || where.urlPort === 0 ? '' : `:${where.urlPort}`;
  return `${where.urlScheme}://${subdomain}.${where.domain}${port}/`;
}

/**
 * The subdomain a request's Host names under `domain`: `undefined` when the host is not under it
 * (not a site request), `null` when it is but names no possible site (several labels, bad shape).
 */
export function subdomainOfHost(hostHeader: string | undefined, domain: string): string | null | undefined {
  if (!hostHeader) return undefined;
  let host = hostHeader.toLowerCase();
  const colon = host.lastIndexOf(':');
  if (colon !== -1 && !host.endsWith(']')) host = host.slice(0, colon);
  if (host.endsWith('.')) host = host.slice(0, -1);
  const suffix = `.${domain}`;
  if (!host.endsWith(suffix)) return undefined;
  const label = host.slice(0, -suffix.length);
  return isSubdomainShaped(label) ? label : null;
}
