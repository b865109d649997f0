import type { z } from 'zod';
import { fromZodError, validationError, type AppError } from '../../errors.js';
import type { RestBinding, RestParts } from '../../operations/core/operation.js';

/** A request's raw parts, as the HTTP framework parsed them. */
export interface RawRestRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

/** `x-tenant-id` → `X-Tenant-ID`. */
export const headerName = (lower: string) =>
  lower
    .split('-')
    .map((w) => (w === 'id' ? 'ID' : w.charAt(0).toUpperCase() + w.slice(1)))
    .join('-');

const isEmptyBody = (body: unknown) =>
  body === undefined || body === null || (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0);

function parsePart<T>(schema: z.ZodType<T>, value: unknown, rename?: (path: string) => string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const error = fromZodError(parsed.error);
  if (!rename || !error.details) throw error;
  throw renamed(error, rename);
}

function renamed(error: AppError, rename: (path: string) => string): AppError {
  const details = (error.details ?? []).map((d) => (d.field ? { ...d, field: rename(d.field) } : d));
  const first = details[0];
  const summary = first ? (first.field ? `${first.field}: ${first.message}` : first.message) : 'Invalid input';
  const more = details.length > 1 ? ` (and ${details.length - 1} more problem${details.length > 2 ? 's' : ''})` : '';
  return validationError(`Invalid input — ${summary}${more}`, details);
}

/** The query parameter names each binding documents, read once. */
const queryNamesOf = new WeakMap<RestBinding, ReadonlySet<string>>();
function queryNames(binding: RestBinding): ReadonlySet<string> {
  let names = queryNamesOf.get(binding);
  if (!names) queryNamesOf.set(binding, (names = new Set(Object.keys(binding.query?.shape ?? {}))));
  return names;
}

/** Query parameters: single values only, and only the names the binding documents. */
function checkQueryNames(binding: RestBinding, query: Record<string, unknown>): void {
  const known = queryNames(binding);
  for (const [name, value] of Object.entries(query)) {
    if (!known.has(name) && !binding.queryFamily?.pattern.test(name)) {
      const family = binding.queryFamily ? `, or ${binding.queryFamily.description}` : '';
      const accepted = known.size ? `accepted: ${[...known].join(', ')}${family}` : `this route takes no query parameters${family}`;
      throw validationError(`Unknown query parameter "${name}" (${accepted})`, [{ field: name, message: 'unknown parameter' }]);
    }
    if (typeof value !== 'string') throw validationError(`${name} must be given once`, [{ field: name, message: 'given more than once' }]);
  }
}

/**
 * The operation input of a REST request: each part validated by the binding's schema (errors name
 * the REST parameter, header or body field), then mapped (`map`, or `{ ...query, ...body, ...params }`).
 * The operation validates the result again; its errors are renamed to REST terms too.
 */
export function restInput(binding: RestBinding, raw: RawRestRequest): unknown {
  checkQueryNames(binding, raw.query);
  const params = binding.params ? parsePart(binding.params, raw.params) : {};
  const known = queryNames(binding);
  const listed = Object.fromEntries(Object.entries(raw.query).filter(([name]) => known.has(name)));
  const query = binding.query ? (parsePart(binding.query, listed) as Record<string, unknown>) : {};
  if (binding.queryFamily) {
    for (const [name, value] of Object.entries(raw.query)) {
      if (!known.has(name)) query[name] = parsePart(binding.queryFamily.schema, value, () => name);
    }
  }
  let body: unknown;
  if (binding.body) {
    body = raw.body === undefined && binding.bodyOptional ? undefined : parsePart(binding.body, raw.body);
  } else if (!isEmptyBody(raw.body)) {
    throw validationError(`This route takes no request body`, [{ field: 'body', message: 'not accepted here' }]);
  }
  const headerValues = binding.headers
    ? Object.fromEntries(
        Object.keys(binding.headers.shape).map((name) => {
          const value = raw.headers[name];
          return [name, Array.isArray(value) ? value[0] : value];
        }),
      )
    : {};
  const headers = binding.headers ? parsePart(binding.headers, headerValues, (path) => `${headerName(path)} header`) : {};
  const parts = { params, query, body, headers };
  if (binding.map) return binding.map(parts as RestParts<never, never, never, never>);
  return { ...query, ...(typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}), ...params };
}

/** Names an operation argument as this REST route knows it (for errors of the operation's own validation). */
export function restArgumentName(binding: RestBinding, argument: string): string {
  const [head, ...rest] = argument.split('.');
  const mapped = binding.argumentNames?.[head!];
  return mapped ? [mapped, ...rest].join('.') : argument;
}

export { renamed as renameErrorFields };
