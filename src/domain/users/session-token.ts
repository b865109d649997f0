import { hashSecret, randomSecret } from '../auth/tokens.js';

/** Every tenant-user session token starts with this, which is how the authenticator recognises one. */
export const SESSION_TOKEN_PREFIX = 'tbs_';

/** docs/users.md: a tenant user token is valid for 7 days. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const TOKEN_PATTERN = /^tbs_([0-9a-f]{32})_([A-Za-z0-9_-]{43})$/;

/**
 * A new opaque session token: `tbs_<tenant id, 32 hex>_<256 random bits, base64url>`.
 *
 * Why the tenant is inside the token: docs/users.md lets a user leave X-Tenant-ID out, so the
 * session must be found before the tenant is known. Carrying the (non-secret) tenant id in the
 * token lets the lookup run inside `withTenant` like every other tenant query, instead of
 * opening a SECURITY DEFINER hole through the sessions table's row-level security. Editing the
 * tenant part gains nothing: the stored hash covers the whole token.
 */
export function newSessionToken(tenantId: string): { token: string; hash: string } {
  const token = `${SESSION_TOKEN_PREFIX}${tenantId.replace(/-/g, '').toLowerCase()}_${randomSecret(32)}`;
  return { token, hash: hashSecret(token) };
}

/** The tenant a well-formed session token names, or null for anything else. */
export function sessionTokenTenant(token: string): string | null {
  const hex = TOKEN_PATTERN.exec(token)?.[1];
  if (!hex) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
