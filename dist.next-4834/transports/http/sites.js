import { serveSiteRequest } from "../../domain/sites/serve.js";
import { subdomainOfHost } from "../../domain/sites/subdomain.js";
const header = (v) => Array.isArray(v) ? v[0] : v;
const isSiteRequest = (deps, request) => subdomainOfHost(request.headers.host, deps.config.sites.domain) !== void 0;
function registerSites(app, deps) {
  app.addHook("onRequest", (request, reply, done) => {
    if (!isSiteRequest(deps, request.raw)) {
      done();
      return;
    }
    answerSiteRequest(deps, request, reply);
  });
}
function answerSiteRequest(deps, request, reply) {
  reply.hijack();
  const raw = request.raw;
  serveSiteRequest(deps.services.sites, deps.config.sites.domain, {
    method: raw.method ?? "GET",
    url: raw.url ?? "/",
    host: raw.headers.host,
    acceptEncoding: header(raw.headers["accept-encoding"]),
    ifNoneMatch: header(raw.headers["if-none-match"])
  }).then(
    (answer) => write(reply.raw, raw.method === "HEAD", answer),
    (error) => {
      request.log.error({ err: error }, "static site request failed");
      write(reply.raw, raw.method === "HEAD", {
        status: 500,
        headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
        body: "Internal error\n"
      });
    }
  );
}
function write(res, head, answer) {
  if (res.headersSent || res.destroyed) return;
  const bodiless = answer.status === 304;
  const headers = bodiless ? answer.headers : { ...answer.headers, "content-length": String(Buffer.byteLength(answer.body)) };
  res.writeHead(answer.status, headers);
  res.end(head || bodiless ? void 0 : answer.body);
}
export {
  answerSiteRequest,
  isSiteRequest,
  registerSites
};
//# sourceMappingURL=sites.js.map
