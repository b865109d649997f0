import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode } from '../../errors.js';
import { assertCleanInput, inputProblem, type InputPart } from '../input-guard.js';
import { headerName } from './rest-input.js';

/**
 * What every HTTP port of the service (the API and the MCP port) does at its edge, before any
 * route: errors the framework or Node answer by themselves are given the envelope, and inputs are
 * held to the rules of `input-guard.ts`. docs/security.md lists what is guarded and which tests show it.
 */

/** The envelope as raw bytes, for errors Node raises before Fastify has a request (client errors). */
function rawEnvelope(status: number, code: ErrorCode, message: string): string {
  const body = JSON.stringify({ success: false, error: { code, message } });
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/**
 * Node's `clientError` (unparsable request line or headers, headers over the size limit, a request
 * whose headers never finish): answered in the envelope, then the connection is closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message]: [number, ErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', 'The request line and headers are larger than the server accepts']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', 'The request was not received in time']
        : [400, 'VALIDATION_ERROR', 'Malformed HTTP request'];
  if (socket.writable) socket.end(rawEnvelope(status, code, message));
  else socket.destroy();
}

/**
 * A CORS preflight needs `Origin` and `Access-Control-Request-Method`; without them the CORS plugin
 * would answer a plain-text 400. Refused here first, in the envelope.
 */
export function refuseIncompletePreflight(request: FastifyRequest): void {
  if (request.method !== 'OPTIONS') return;
  const missing = ['origin', 'access-control-request-method'].filter((h) => !request.headers[h]);
  if (missing.length === 0) return;
  throw new AppError(
    'VALIDATION_ERROR',
    `Incomplete CORS preflight: an OPTIONS request needs the ${missing.map(headerName).join(' and ')} header${missing.length > 1 ? 's' : ''}`,
    missing.map((h) => ({ field: `${headerName(h)} header`, message: 'missing' })),
  );
}

/** Every part of a routed request that can reach the core: path parameters, query, headers, body. */
export function guardRequestInput(request: FastifyRequest): void {
  // A header's name in errors is built only for a header that breaks the rules.
  const headers: InputPart[] = [];
  for (const [name, value] of Object.entries(request.headers)) {
    if (inputProblem(value, name)) headers.push([value, `${headerName(name)} header`]);
  }
  assertCleanInput([[request.params, ''], [request.query, ''], ...headers, [request.body, '']]);
}

/**
 * Installs the edge on an app: the input guard on every route, the preflight check before CORS.
 * Callback hooks, not async ones: they run on every request and have nothing to wait for.
 */
export function installEdgeGuards(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => done(caught(() => refuseIncompletePreflight(request))));
  app.addHook('preValidation', (request, _reply, done) => done(caught(() => guardRequestInput(request))));
}

/** What `check` throws, or undefined. */
function caught(check: () => void): Error | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    return error as Error;
  }
}
