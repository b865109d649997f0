import { AppError, ERROR_CODES, type ErrorCode, type ErrorDetail } from '../../errors.js';
import type { Effect, Warning } from '../../operations/core/result.js';
import type { ToolExecutor } from './executor.js';

export interface RemoteService {
  /** SERVICE_API_URL, e.g. http://localhost:3001/api */
  baseUrl: string;
  /** SERVICE_API_KEY */
  apiKey: string;
}

interface Envelope {
  success?: boolean;
  data?: unknown;
  warnings?: Warning[];
  effects?: Effect[];
  error?: { code?: string; message?: string; details?: ErrorDetail[] };
}

const asErrorCode = (code: unknown): ErrorCode => (ERROR_CODES.includes(code as ErrorCode) ? (code as ErrorCode) : 'INTERNAL_ERROR');

/**
 * `fetch` a service path with the key (`anonymous` leaves it out); connection failures become an
 * AppError that names the address.
 */
export async function callService(
  service: RemoteService,
  path: string,
  init: RequestInit = {},
  anonymous = false,
): Promise<{ status: number; body: Envelope }> {
  const url = `${service.baseUrl.replace(/\/+$/, '')}${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: {
        ...(anonymous ? {} : { authorization: `Bearer ${service.apiKey}` }),
        ...(init.headers as Record<string, string> | undefined),
      },
      signal: AbortSignal.timeout(60_000),
    });
  } catch (error) {
    const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    throw new AppError(
      'INTERNAL_ERROR',
      `The Tenantbase service at ${service.baseUrl} cannot be reached (${reason}); check SERVICE_API_URL and that the service runs`,
    );
  }
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as Envelope };
  } catch {
    throw new AppError(
      'INTERNAL_ERROR',
      `The service at ${url} answered ${response.status} without JSON; check SERVICE_API_URL (it ends in /api)`,
    );
  }
}

/**
 * The stdio executor: each tool call is `POST {SERVICE_API_URL}/tools/<name>` with the key, the
 * normalized arguments as body and the session's tenant as `X-Tenant-ID`. The service validates,
 * authorizes and runs it exactly as for REST; its error envelope comes back as the same AppError.
 */
export function createRemoteExecutor(service: RemoteService): ToolExecutor {
  return {
    async execute(op, args, call) {
      const { body } = await callService(service, `/tools/${encodeURIComponent(op.name)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(call.selectedTenant ? { 'x-tenant-id': call.selectedTenant } : {}) },
        body: JSON.stringify(args),
      });
      if (body.success === true) return { data: body.data, warnings: body.warnings ?? [], effects: body.effects ?? [] };
      const e = body.error ?? {};
      throw new AppError(asErrorCode(e.code), e.message ?? 'The service refused the call', e.details);
    },
  };
}
