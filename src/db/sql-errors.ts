import { AppError, toolRef } from '../errors.js';

/**
 * Messages for named constraints, so a violation reads as the domain rule it enforces. One static
 * list: a feature adds the constraints of its migration here (nothing registers itself at import).
 */
const CONSTRAINT_MESSAGES: Readonly<Record<string, string>> = {
  tenants_slug_key: 'A tenant with this slug already exists; choose another slug',
  admins_email_key: 'An administrator with this email already exists',
  api_keys_key_hash_key: 'API key collision; create the key again',
  entities_tenant_name_key: `An entity with this name already exists in this tenant; choose another name, or change its fields with ${toolRef('manage_custom_fields')}`,
  entity_versions_one_draft: 'This entity already has a draft (changed concurrently); retry the call',
  entity_versions_pkey: 'This entity version was written concurrently; retry the call',
  tenant_users_email_key: 'A user with this email already exists in this tenant',
  channels_published_slug_key: 'A published channel already uses this slug; choose another slug',
  channels_tenant_key: `This tenant already has a channel; change it with ${toolRef('update_channel')}`,
  channel_tools_pkey: `Your channel already has a tool with this name; change it with ${toolRef('update_channel_tool')}`,
  bots_name_key: 'A bot with this name already exists in this tenant; choose another name',
};

interface PgErrorLike {
  code?: unknown;
  severity?: unknown;
  errors?: unknown;
  constraint?: unknown;
  constraint_name?: unknown;
  message?: unknown;
}

/** Seconds a client is asked to wait (`Retry-After`) when the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Codes of a database that cannot be reached or went away, rather than of a statement that failed:
 * the socket's (Node), the driver's (postgres.js), and SQLSTATEs of a server that is shutting down,
 * starting up, or out of connection slots.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  'CONNECT_TIMEOUT',
  '57P01', // admin_shutdown: the server (or an operator's pg_terminate_backend) ended the session
  '57P02', // crash_shutdown: another backend crashed and the server is resetting
  '57P03', // cannot_connect_now: the server is starting up or shutting down
  '53300', // too_many_connections
]);

/** True when `error` says the database is unreachable (see UNREACHABLE_CODES; SQLSTATE class 08 too). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof AppError) return error.code === 'SERVICE_UNAVAILABLE';
  if (typeof error !== 'object' || error === null) return false;
  const e = error as PgErrorLike;
  if (typeof e.code === 'string' && (UNREACHABLE_CODES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code))) return true;
  // Node reports a refused connection to every address of a host name as one AggregateError.
  return Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every(isDatabaseUnavailable);
}

/** The database cannot be reached: 503 with `Retry-After`, worded for the person who reads it. */
export function databaseUnavailable(cause?: unknown): AppError {
  return new AppError('SERVICE_UNAVAILABLE', 'The database is unavailable right now; try again in a few seconds', undefined, {
    retryAfter: DATABASE_RETRY_AFTER_SECONDS,
    ...(cause === undefined ? {} : { cause }),
  });
}

/** Translates a driver error carrying a SQLSTATE into the error family of the service. */
export function translateDatabaseError(error: unknown): unknown {
  if (error instanceof AppError || typeof error !== 'object' || error === null) return error;
  if (isDatabaseUnavailable(error)) return databaseUnavailable(error);
  const e = error as PgErrorLike;
  if (typeof e.code !== 'string' || !/^[0-9A-Z]{5}$/.test(e.code)) return error;
  const constraint = String(e.constraint_name ?? e.constraint ?? '');
  const known = constraint ? CONSTRAINT_MESSAGES[constraint] : undefined;
  const message = typeof e.message === 'string' ? e.message : '';
  switch (e.code) {
    case '23505':
      return new AppError('CONFLICT', known ?? 'A value that must be unique is already taken', undefined, { cause: error });
    case '23503':
      return message.startsWith('update or delete')
        ? new AppError('CONFLICT', known ?? 'Other data still refers to this item', undefined, { cause: error })
        : new AppError('VALIDATION_ERROR', known ?? 'A referenced item does not exist', undefined, { cause: error });
    case '23514':
    case '23502':
    case '22P02':
    case '22001':
    case '22003':
    case '22007':
    case '22008':
      return new AppError('VALIDATION_ERROR', known ?? 'A value is not valid for its field', undefined, { cause: error });
    default:
      return error;
  }
}
