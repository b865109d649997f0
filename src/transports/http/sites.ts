import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serveSiteRequest, type SiteResponse } from '../../domain/sites/serve.js';
import { subdomainOfHost } from '../../domain/sites/subdomain.js';
import type { TransportDeps } from '../request-context.js';

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Whether a request's Host is under the sites domain: such a request is a site's, whatever its path. */
export const isSiteRequest = (deps: TransportDeps, request: IncomingMessage) =>
  subdomainOfHost(request.headers.host, deps.config.sites.domain) !== undefined;

/**
 * Static sites, routed by Host (docs/sites.md): a request for `<subdomain>.<SITES_DOMAIN>` on any
 * path is answered here, ahead of the API's routes and plugins (the hook is added first), and
 * written straight to the socket; every other request passes untouched.
 */
export function registerSites(app: FastifyInstance, deps: TransportDeps): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!isSiteRequest(deps, request.raw)) {
      done();
      return;
    }
    answerSiteRequest(deps, request, reply);
  });
}

/** Serves a site request (also those Fastify's router could not read, e.g. a path that is not UTF-8). */
export function answerSiteRequest(deps: TransportDeps, request: FastifyRequest, reply: FastifyReply): void {
  reply.hijack();
  const raw = request.raw;
  serveSiteRequest(deps.services.sites, deps.config.sites.domain, {
    method: raw.method ?? 'GET',
    url: raw.url ?? '/',
    host: raw.headers.host,
    acceptEncoding: header(raw.headers['accept-encoding']),
    ifNoneMatch: header(raw.headers['if-none-match']),
  }).then(
    (answer) => write(reply.raw, raw.method === 'HEAD', answer!),
    (error: unknown) => {
      request.log.error({ err: error }, 'static site request failed');
      write(reply.raw, raw.method === 'HEAD', {
        status: 500,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
        body: 'Internal error\n',
      });
    },
  );
}

function write(res: ServerResponse, head: boolean, answer: SiteResponse): void {
  if (res.headersSent || res.destroyed) return;
  const bodiless = answer.status === 304;
  const headers = bodiless ? answer.headers : { ...answer.headers, 'content-length': String(Buffer.byteLength(answer.body)) };
  res.writeHead(answer.status, headers);
  res.end(head || bodiless ? undefined : answer.body);
}
