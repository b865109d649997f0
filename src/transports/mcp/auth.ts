import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { Principal } from '../../domain/access/principal.js';
import { API_KEY_PREFIX, authenticateApiKey } from '../../domain/api-keys/api-key.service.js';
import { authenticateMcpUserToken } from '../../domain/users/session.service.js';
import { unauthorized } from '../../errors.js';
import type { Services } from '../../services.js';

export interface McpAuthDeps {
  db: Database;
  config: Config;
  services: Services;
}

/** One kind of bearer credential the MCP HTTP transports accept (CONTRACT §8). */
export interface McpAuthenticator {
  name: string;
  matches(token: string): boolean;
  authenticate(deps: McpAuthDeps, token: string): Promise<Principal | null>;
}

export const looksLikeJwt = (t: string) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(t);

/**
 * Credentials of the MCP HTTP port, tried in order. Not the REST list: REST admin tokens are
 * refused here (no token passthrough). Bot tokens join as one more entry with the bots feature.
 */
export const MCP_AUTHENTICATORS: McpAuthenticator[] = [
  {
    name: 'api_key',
    matches: (t) => t.startsWith(API_KEY_PREFIX),
    authenticate: (deps, t) => authenticateApiKey(deps.db, deps.services.apiKeys, t),
  },
  {
    // Tenant-user JWTs from tenant_login: audience MCP_SERVER_URL, backed by a live session.
    name: 'tenant_user_jwt',
    matches: looksLikeJwt,
    authenticate: (deps, t) => authenticateMcpUserToken(deps.db, deps.services, deps.config, t),
  },
];

/** The principal behind an MCP bearer credential, or UNAUTHORIZED with a message that says what to use. */
export async function authenticateMcpToken(deps: McpAuthDeps, token: string): Promise<Principal> {
  for (const authenticator of MCP_AUTHENTICATORS) {
    if (!authenticator.matches(token)) continue;
    const principal = await authenticator.authenticate(deps, token);
    if (principal) return principal;
  }
  if (looksLikeJwt(token) && (await deps.services.jwt.verifyAdminToken(token))) {
    throw unauthorized(
      'REST admin tokens are not accepted by the MCP server; use an API key (an administrator creates one with POST /api/auth/api-keys, scope "admin" or "tenant")',
    );
  }
  throw unauthorized(
    'Invalid, expired or revoked credential; send an API key or a token from tenant_login as Authorization: Bearer <token>',
  );
}

/** Sessions belong to the identity that opened them; later requests must come from the same one. */
export function sessionOwner(principal: Principal): string {
  switch (principal.kind) {
    case 'admin':
      return `admin:${principal.adminId}`;
    case 'tenant_key':
      return `tenant_key:${principal.keyId}`;
    case 'tenant_user':
      return `tenant_user:${principal.userId}`;
  }
}
