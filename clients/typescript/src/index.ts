import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './schema.ts';

export type { components, operations, paths } from './schema.ts';

/** The error codes of the service's envelope, as the OpenAPI document lists them. */
export type ErrorCode = components['schemas']['Error']['error']['code'];

/** One problem of a refused input: `field` is the path of the offending value. */
export interface ErrorDetail {
  field?: string;
  message?: string;
  [key: string]: unknown;
}

/** A refused call: the envelope's error, with the HTTP status. `NETWORK_ERROR` when no answer came. */
export class TenantbaseError extends Error {
  constructor(
    readonly code: ErrorCode | 'NETWORK_ERROR',
    message: string,
    readonly status: number,
    readonly details: readonly ErrorDetail[] = [],
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'TenantbaseError';
  }
}

export interface TenantbaseClientOptions {
  /** The service's origin, e.g. `http://localhost:3001` (paths already start with `/api`). */
  baseUrl: string;
  /** The credential to send as `Authorization: Bearer`, read on every request. */
  token?: () => string | undefined;
  /** The tenant to name with `X-Tenant-ID`, read on every request. */
  tenant?: () => string | undefined;
  fetch?: (request: Request) => Promise<Response>;
}

export type TenantbaseClient = Client<paths>;

/** A typed client of every route of the service (openapi-fetch over the generated `paths`). */
export function createTenantbaseClient(options: TenantbaseClientOptions): TenantbaseClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    // Object parameters are documented as form + explode: `filter: { 'filter.total.gte': '100' }`
    // is sent as `filter.total.gte=100`, the names the service reads.
    querySerializer: { object: { style: 'form', explode: true } },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use({
    onRequest({ request }) {
      // A call that names its own credential or tenant keeps it.
      const token = options.token?.();
      if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
      const tenant = options.tenant?.();
      if (tenant && !request.headers.has('X-Tenant-ID')) request.headers.set('X-Tenant-ID', tenant);
      return request;
    },
  });
  return client;
}

interface Envelope<T> {
  success?: true;
  data?: T;
}
interface ErrorEnvelope {
  error?: { code?: string; message?: string; details?: unknown };
}

/**
 * The `data` of a successful answer, or a `TenantbaseError` built from the error envelope.
 * Use: `const tenants = await unwrap(client.GET('/api/auth/tenants'))`.
 */
export async function unwrap<T>(call: Promise<{ data?: Envelope<T>; error?: unknown; response: Response }>): Promise<T> {
  let result: Awaited<typeof call>;
  try {
    result = await call;
  } catch (error) {
    throw new TenantbaseError('NETWORK_ERROR', error instanceof Error ? error.message : String(error), 0);
  }
  const { data, error, response } = result;
  if (response.ok && data) return data.data as T;
  const body = (typeof error === 'object' && error !== null ? error : {}) as ErrorEnvelope;
  const details = Array.isArray(body.error?.details) ? (body.error.details as ErrorDetail[]) : [];
  const retryAfter = Number(response.headers.get('retry-after')) || undefined;
  throw new TenantbaseError(
    (body.error?.code ?? 'INTERNAL_ERROR') as ErrorCode,
    body.error?.message ?? `The service answered ${response.status} ${response.statusText}`,
    response.status,
    details,
    retryAfter,
  );
}
