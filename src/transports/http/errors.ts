import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, type ErrorCode } from '../../errors.js';

export const HTTP_STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  BUSINESS_RULE_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
};

/** Fastify's own request errors, as the service's error family. */
function fromFastifyError(error: FastifyError): AppError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', 'Request body is larger than the configured limit');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('VALIDATION_ERROR', 'Send request bodies as JSON with Content-Type: application/json');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('VALIDATION_ERROR', 'Malformed JSON body');
  }
  if (error instanceof SyntaxError || error.name === 'SyntaxError') {
    return new AppError('VALIDATION_ERROR', `Malformed JSON body: ${error.message.replace(/\s+at .*/s, '')}`);
  }
  const status = error.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError(status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_ERROR', 'Malformed request');
  }
  return null;
}

/** The one place failures become HTTP answers (CONTRACT §2): always the JSON envelope, never a stack. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = error instanceof AppError ? error : fromFastifyError(error);
    if (!appError || appError.code === 'INTERNAL_ERROR') {
      request.log.error({ err: error }, 'unexpected error');
    }
    const e = appError ?? new AppError('INTERNAL_ERROR', 'An unexpected error occurred');
    if (e.retryAfter !== undefined) void reply.header('Retry-After', String(e.retryAfter));
    return reply.code(HTTP_STATUS[e.code]).send({
      success: false,
      error: { code: e.code, message: e.message, ...(e.details ? { details: e.details } : {}) },
    });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      success: false,
      error: { code: 'NOT_FOUND', message: `No route ${request.method} ${request.url.split('?')[0]}` },
    }),
  );
}
