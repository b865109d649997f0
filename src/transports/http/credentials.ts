import { parseCookie } from 'cookie';
import type { FastifyRequest } from 'fastify';

export const ADMIN_COOKIE = 'tb_admin';

const headerValue = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The admin cookie counts only for same-origin requests (docs/records.md, CORS: never cross-origin). */
function sameOrigin(request: FastifyRequest): boolean {
  const origin = headerValue(request.headers.origin);
  if (!origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/** The bearer credential of a request: X-API-Key, else Authorization: Bearer, else the admin cookie. */
export function requestToken(request: FastifyRequest): string | undefined {
  const apiKey = headerValue(request.headers['x-api-key'])?.trim();
  if (apiKey) return apiKey;
  const authorization = headerValue(request.headers.authorization);
  const bearer = authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  if (bearer) return bearer;
  // Parsed here, only when there is no header credential: most requests carry none.
  const header = request.headers.cookie;
  const cookie = header ? parseCookie(header)[ADMIN_COOKIE] : undefined;
  return cookie && sameOrigin(request) ? cookie : undefined;
}
