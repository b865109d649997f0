import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import * as fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from '../../logging.js';

/** The header carrying a request's id, accepted from the caller and answered on every reply. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** An incoming id is kept only if it is this short and plain (it is echoed and logged). */
const ACCEPTED_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/** The caller's `X-Request-Id` when well formed (≤ 128 of `A-Z a-z 0-9 . _ : @ -`), else a new UUID. */
export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(given) ? given[0] : given;
  return value !== undefined && ACCEPTED_ID.test(value) ? value : randomUUID();
}

/**
 * Fastify's per-request lines ("incoming request", "request completed") at `debug`, not `info`:
 * at `info` a busy service logs little but its own events. Lines of a failed response stay at error.
 */
class DebugRequestLines extends fastify.LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** The logging options of both HTTP ports: the service's logger, request ids, request lines at debug. */
export function requestLogOptions(logger: Logger) {
  return {
    // Typed as Fastify's logger so the app keeps its default type (pino's Logger is a superset).
    loggerInstance: logger as FastifyBaseLogger,
    genReqId: requestIdOf,
    logController: new DebugRequestLines({ requestIdLogLabel: 'reqId' }),
  };
}

/**
 * Every answer carries `X-Request-Id`, the id in the request's log lines: set on the raw response
 * at once, so answers written outside Fastify's reply (a hijacked MCP stream, a static site) carry
 * it too. Install before any hook that may answer.
 */
export function installRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    done();
  });
}
