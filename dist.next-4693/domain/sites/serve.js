import Negotiator from "negotiator";
import { headersFor } from "./headers.js";
import { NOT_FOUND_FILE, queryOf, requestPath } from "./paths.js";
import { encodePath, fillTarget, matchPattern } from "./patterns.js";
import { subdomainOfHost } from "./subdomain.js";
const NOSNIFF = { "x-content-type-options": "nosniff" };
const plain = (status, text, extra = {}) => ({
  status,
  headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-cache", ...NOSNIFF, ...extra },
  body: `${text}
`
});
async function serveSiteRequest(cache, domain, req) {
  const subdomain = subdomainOfHost(req.host, domain);
  if (subdomain === void 0) return void 0;
  if (req.method !== "GET" && req.method !== "HEAD") return plain(405, "Method not allowed", { allow: "GET, HEAD" });
  const site = subdomain === null ? null : await cache.site(subdomain);
  if (!site) return plain(404, "No site here");
  const path = requestPath(req.url);
  if (path === null) return notFound(cache, site, req, "");
  const direct = resolveFile(site, path);
  if (direct.kind === "file") return serveFile(cache, site, direct.file, req, path, 200);
  if (direct.kind === "folder") return redirect(`/${encodePath(path)}/${queryOf(req.url)}`, 301);
  for (const rule of site.redirects) {
    const captures = matchPattern(rule.from, path);
    if (!captures) continue;
    if (rule.status !== 200) {
      const target = fillTarget(rule.to, captures, encodePath);
      return redirect(target.includes("?") ? target : `${target}${queryOf(req.url)}`, rule.status);
    }
    const rewritten = fillTarget(rule.to, captures).split("?")[0].slice(1);
    const found = resolveFile(site, rewritten);
    if (found.kind === "file") return serveFile(cache, site, found.file, req, path, 200);
    break;
  }
  return notFound(cache, site, req, path);
}
function resolveFile(site, path) {
  if (path === "" || path.endsWith("/")) {
    const index = site.files.get(`${path}index.html`);
    return index ? { kind: "file", file: index } : { kind: "none" };
  }
  const exact = site.files.get(path);
  if (exact) return { kind: "file", file: exact };
  if (site.files.has(`${path}/index.html`)) return { kind: "folder" };
  const html = site.files.get(`${path}.html`);
  return html ? { kind: "file", file: html } : { kind: "none" };
}
const redirect = (location, status) => plain(status, `Redirecting to ${location}`, { location });
async function notFound(cache, site, req, requested) {
  const page = site.files.get(NOT_FOUND_FILE);
  if (page) return serveFile(cache, site, page, req, requested, 404);
  return plain(404, "Not found");
}
async function serveFile(cache, site, file, req, requested, status) {
  const encoding = chooseEncoding(file, req.acceptEncoding);
  const headers = { "cache-control": file.cacheControl, ...NOSNIFF };
  if (file.brotli || file.gzip) headers.vary = "Accept-Encoding";
  if (status === 200) headers.etag = etagOf(file.hash, encoding);
  for (const [name, value] of headersFor(site.headers, requested)) headers[name] = value;
  if (status === 200 && matchesEtag(req.ifNoneMatch, file.hash)) return { status: 304, headers, body: "" };
  const bodies = await cache.bodiesOf(site, file.hash);
  if (!bodies) return plain(404, "Not found");
  const body = encoding === "br" ? bodies.brotli : encoding === "gzip" ? bodies.gzip : bodies.identity;
  headers["content-type"] ??= file.contentType;
  if (encoding !== "identity") headers["content-encoding"] = encoding;
  return { status, headers, body: body ?? bodies.identity };
}
const ENCODING_SUFFIX = { br: "-br", gzip: "-gz", identity: "" };
const etagOf = (hash, encoding) => `"${hash}${ENCODING_SUFFIX[encoding]}"`;
function matchesEtag(header, hash) {
  if (!header) return false;
  if (header.trim() === "*") return true;
  for (const raw of header.split(",")) {
    const tag = raw.trim().replace(/^W\//, "");
    if (!tag.startsWith('"') || !tag.endsWith('"')) continue;
    const value = tag.slice(1, -1).replace(/-(br|gz)$/, "");
    if (value === hash) return true;
  }
  return false;
}
const negotiated = /* @__PURE__ */ new Map();
const PREFERRED = ["br", "gzip", "identity"];
function chooseEncoding(file, acceptEncoding) {
  if (!acceptEncoding || !file.brotli && !file.gzip) return "identity";
  const offered = `${file.brotli ? "b" : ""}${file.gzip ? "g" : ""}`;
  const key = `${offered}|${acceptEncoding}`;
  const known = negotiated.get(key);
  if (known) return known;
  const available = [...file.brotli ? ["br"] : [], ...file.gzip ? ["gzip"] : [], "identity"];
  const negotiator = new Negotiator({ headers: { "accept-encoding": acceptEncoding } });
  const chosen = negotiator.encoding(available, { preferred: PREFERRED }) ?? "identity";
  if (negotiated.size >= 1e3) negotiated.clear();
  negotiated.set(key, chosen);
  return chosen;
}
export {
  matchesEtag,
  serveSiteRequest
};
//# sourceMappingURL=serve.js.map
