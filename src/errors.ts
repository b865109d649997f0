import type { z } from 'zod';

/** The error codes of README.md (Errors). Transports map each code to its HTTP status / MCP error. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BUSINESS_RULE_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'REQUEST_TIMEOUT',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorDetail {
  field?: string;
  message: string;
  [extra: string]: unknown;
}

/** The one error family of the service. Messages are shown to clients: never put SQL or secrets in them. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[] | undefined;
  /** Seconds a client should wait (RATE_LIMITED, SERVICE_UNAVAILABLE). */
  readonly retryAfter: number | undefined;

  constructor(code: ErrorCode, message: string, details?: ErrorDetail[], options?: { retryAfter?: number; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.details = details && details.length > 0 ? details : undefined;
    this.retryAfter = options?.retryAfter;
  }
}

export const validationError = (message: string, details?: ErrorDetail[]) => new AppError('VALIDATION_ERROR', message, details);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string, details?: ErrorDetail[]) => new AppError('CONFLICT', message, details);
export const unauthorized = (message = 'Missing or invalid credentials') => new AppError('UNAUTHORIZED', message);
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);

/** Turns a zod failure into VALIDATION_ERROR with one detail per problem, naming the field. */
export function fromZodError(error: z.ZodError, prefix?: string): AppError {
  const details = error.issues.map((issue) => {
    const field = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    return field ? { field, message: issue.message } : { message: issue.message };
  });
  const first = details[0];
  const summary = first ? (first.field ? `${first.field}: ${first.message}` : first.message) : 'Invalid input';
  const more = details.length > 1 ? ` (and ${details.length - 1} more problem${details.length > 2 ? 's' : ''})` : '';
  return validationError(`Invalid input — ${summary}${more}`, details);
}

/**
 * Messages speak the language of the surface that shows them: an MCP client reads tool and argument
 * names, a REST client routes, headers and query parameters. The core writes references with these
 * markers; each transport renders them (transports/surface-text.ts). Unrendered (logs), the MCP
 * wording shows.
 */
const OPEN = '\uE000';
const SEP = '\uE001';
const CLOSE = '\uE002';
export const SURFACE_MARKER = new RegExp(`${OPEN}(tool|text)${SEP}([^${OPEN}${CLOSE}]*?)(?:${SEP}([^${OPEN}${CLOSE}]*))?${CLOSE}`, 'g');

/** A reference to an operation: its tool name over MCP, its REST route over REST. */
export const toolRef = (operationName: string) => `${OPEN}tool${SEP}${operationName}${CLOSE}`;

/** Words that differ by surface. */
export const bySurface = (text: { rest: string; mcp: string }) => `${OPEN}text${SEP}${text.rest}${SEP}${text.mcp}${CLOSE}`;
