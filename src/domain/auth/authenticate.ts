import type { Database } from '../../db/database.js';
import { unauthorized } from '../../errors.js';
import type { Services } from '../../services.js';
import type { Principal, TenantRef } from '../access/principal.js';
import { authenticateAdminToken } from '../admins/admin.service.js';
import { API_KEY_PREFIX, authenticateApiKey } from '../api-keys/api-key.service.js';
import { resolveTenant } from '../tenants/tenant.service.js';
import { SESSION_TOKEN_PREFIX } from '../users/session-token.js';
import { authenticateSessionToken } from '../users/session.service.js';

/** One kind of bearer credential. The first whose `matches` accepts a token decides it. */
export interface TokenAuthenticator {
  name: string;
  matches(token: string): boolean;
  authenticate(db: Database, services: Services, token: string): Promise<Principal | null>;
}

const looksLikeJwt = (t: string) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(t);

/** Credential kinds in the order they are tried. Features add theirs here. */
export const TOKEN_AUTHENTICATORS: TokenAuthenticator[] = [
  {
    name: 'api_key',
    matches: (t) => t.startsWith(API_KEY_PREFIX),
    authenticate: (db, services, t) => authenticateApiKey(db, services.apiKeys, t),
  },
  {
    name: 'user_session',
    matches: (t) => t.startsWith(SESSION_TOKEN_PREFIX),
    authenticate: (db, services, t) => authenticateSessionToken(db, services, t),
  },
  {
    name: 'admin_token',
    matches: looksLikeJwt,
    authenticate: (db, services, t) => authenticateAdminToken(db, services, t),
  },
];

/** The principal behind a token. A token that is present but not valid is UNAUTHORIZED, never anonymous. */
export async function authenticate(db: Database, services: Services, token: string): Promise<Principal> {
  const authenticator = TOKEN_AUTHENTICATORS.find((a) => a.matches(token));
  const principal = authenticator ? await authenticator.authenticate(db, services, token) : null;
  if (!principal) throw unauthorized('Invalid, expired or revoked credential');
  return principal;
}

/**
 * The tenant a request acts in (CONTRACT §3, §4). Credentials pinned to a tenant (tenant keys,
 * user sessions) refuse an X-Tenant-ID naming another tenant; administrators may name any tenant,
 * per request, or use the one selected in their token.
 */
export async function resolveRequestTenant(
  db: Database,
  services: Services,
  principal: Principal,
  tenantHeader: string | undefined,
): Promise<TenantRef | null> {
  const header = tenantHeader?.trim() || undefined;
  if (principal.kind === 'admin') {
    const chosen = header ?? principal.selectedTenantId;
    return chosen ? resolveTenant(db, services.tenants, chosen) : null;
  }
  const own = await resolveTenant(db, services.tenants, principal.tenantId);
  if (header && header !== own.id && header.toLowerCase() !== own.slug) {
    throw unauthorized('This credential belongs to another tenant than X-Tenant-ID names');
  }
  return own;
}
