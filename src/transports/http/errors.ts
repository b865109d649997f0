import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode } from '../../errors.js';
import type { Operation } from '../../operations/core/operation.js';
import { renderError, type CurrentRoute, type Surface } from '../surface-text.js';

export const HTTP_STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  BUSINESS_RULE_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  REQUEST_TIMEOUT: 408,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

/** The longest path segment the router matches (Fastify's `maxParamLength`); longer answers URI_TOO_LONG. */
export const MAX_PARAM_LENGTH = 100;

/** Fastify's own request errors, as the service's error family. */
export function fromFastifyError(error: FastifyError): AppError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', 'Request body is larger than the configured limit');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('VALIDATION_ERROR', 'Send request bodies as JSON with Content-Type: application/json');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('VALIDATION_ERROR', 'Malformed JSON body');
    case 'FST_ERR_BAD_URL':
      return new AppError('VALIDATION_ERROR', 'Malformed URL: a path segment is not valid percent-encoded UTF-8');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('URI_TOO_LONG', `A path segment is longer than ${MAX_PARAM_LENGTH} characters`);
  }
  if (error instanceof SyntaxError || error.name === 'SyntaxError') {
    return new AppError('VALIDATION_ERROR', `Malformed JSON body: ${error.message.replace(/\s+at .*/s, '')}`);
  }
  const status = error.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code =
      status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 414 ? 'URI_TOO_LONG' : status === 431 ? 'HEADERS_TOO_LARGE' : 'VALIDATION_ERROR';
    return new AppError(code, 'Malformed request');
  }
  return null;
}

/** What a route declares in its config: the surface its errors speak to, the operation it runs. */
export interface RouteFacts {
  surface?: Surface;
  operation?: string;
}

const factsOf = (request: FastifyRequest): RouteFacts => (request.routeOptions?.config ?? {}) as RouteFacts;

function currentRoute(request: FastifyRequest): CurrentRoute | undefined {
  const { operation } = factsOf(request);
  const path = request.routeOptions?.url;
  return operation && path ? { operation, method: request.method, path } : undefined;
}

/** Sends an error in the envelope; unexpected errors are logged, never shown. */
export function sendError(operations: readonly Operation[], error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const appError = error instanceof AppError ? error : fromFastifyError(error as FastifyError);
  if (!appError || appError.code === 'INTERNAL_ERROR') request.log.error({ err: error }, 'unexpected error');
  else if (appError.code === 'SERVICE_UNAVAILABLE') request.log.warn({ err: appError.cause ?? appError }, 'database unavailable');
  const e = appError ?? new AppError('INTERNAL_ERROR', 'An unexpected error occurred');
  // Also for errors answered before any hook ran (framework errors): the id names the log lines.
  void reply.header('X-Request-Id', request.id);
  if (e.retryAfter !== undefined) void reply.header('Retry-After', String(e.retryAfter));
  const surface = factsOf(request).surface ?? 'rest';
  return reply.code(HTTP_STATUS[e.code]).send({ success: false, error: renderError(e, surface, operations, currentRoute(request)) });
}

/** The one place failures become HTTP answers: always the JSON envelope, never a stack. */
export function installErrorHandling(app: FastifyInstance, operations: readonly Operation[]): void {
  app.setErrorHandler((error: FastifyError, request, reply) => sendError(operations, error, request, reply));
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      success: false,
      error: { code: 'NOT_FOUND', message: `No route ${request.method} ${request.url.split('?')[0]}` },
    }),
  );
}
