const SUBDOMAIN_PATTERN = /^[a-z0-9](-?[a-z0-9])*$/;
const SUBDOMAIN_MIN = 3;
const SUBDOMAIN_MAX = 63;
const RESERVED_SUBDOMAINS = /* @__PURE__ */ new Set([
  "www",
  "api",
  "admin",
  "mcp",
  "app",
  "auth",
  "login",
  "console",
  "dashboard",
  "status",
  "docs",
  "help",
  "support",
  "mail",
  "smtp",
  "imap",
  "pop",
  "ftp",
  "dns",
  "ns1",
  "ns2",
  "cdn",
  "static",
  "assets",
  "root",
  "system",
  "internal",
  "localhost",
  "sites",
  "tenantbase"
]);
const isReservedSubdomain = (subdomain) => RESERVED_SUBDOMAINS.has(subdomain);
const isSubdomainShaped = (label) => label.length >= SUBDOMAIN_MIN && label.length <= SUBDOMAIN_MAX && SUBDOMAIN_PATTERN.test(label);
function siteUrl(where, subdomain) {
  const defaultPort = where.urlScheme === "https" ? 443 : 80;
  const port = where.urlPort === defaultPort || where.urlPort === 0 ? "" : `:${where.urlPort}`;
  return `${where.urlScheme}://${subdomain}.${where.domain}${port}/`;
}
function subdomainOfHost(hostHeader, domain) {
  if (!hostHeader) return void 0;
  let host = hostHeader.toLowerCase();
  const colon = host.lastIndexOf(":");
  if (colon !== -1 && !host.endsWith("]")) host = host.slice(0, colon);
  if (host.endsWith(".")) host = host.slice(0, -1);
  const suffix = `.${domain}`;
  if (!host.endsWith(suffix)) return void 0;
  const label = host.slice(0, -suffix.length);
  return isSubdomainShaped(label) ? label : null;
}
export {
  RESERVED_SUBDOMAINS,
  SUBDOMAIN_MAX,
  SUBDOMAIN_MIN,
  SUBDOMAIN_PATTERN,
  isReservedSubdomain,
  isSubdomainShaped,
  siteUrl,
  subdomainOfHost
};
//# sourceMappingURL=subdomain.js.map
