import type { Database } from '../../db/database.js';
import { authenticateAdminToken } from '../admins/admin.service.js';
import type { ApiKeyCache } from '../api-keys/api-key.cache.js';
import { API_KEY_PREFIX, authenticateApiKey } from '../api-keys/api-key.service.js';
import type { Clock } from '../auth/clock.js';
import type { JwtSigner } from '../auth/tokens.js';
import { authenticateBotToken } from '../bots/bot-token.js';
import { SESSION_TOKEN_PREFIX } from '../users/session-token.js';
import { authenticateMcpUserToken, authenticateSessionToken } from '../users/session.service.js';
import { looksLikeJwt, type CredentialKind } from './registry.js';

export interface CredentialDeps {
  readonly db: Database;
  readonly clock: Clock;
  readonly jwt: JwtSigner;
  readonly apiKeys: ApiKeyCache;
  /** Audience of the JWTs issued for the MCP server (MCP_SERVER_URL). */
  readonly mcpAudience: string;
}

/**
 * The credential kinds of the service, in the order they are tried, with the surfaces that take
 * each (docs/mcp.md "Credentials"): MCP refuses REST admin tokens (no token passthrough) and REST
 * refuses the JWTs issued for MCP (their audience is the MCP server).
 */
export function credentialKinds(deps: CredentialDeps): CredentialKind[] {
  return [
    {
      name: 'api_key',
      surfaces: ['rest', 'mcp'],
      matches: (t) => t.startsWith(API_KEY_PREFIX),
      authenticate: (t) => authenticateApiKey(deps.db, deps.apiKeys, t),
    },
    {
      name: 'user_session',
      surfaces: ['rest'],
      matches: (t) => t.startsWith(SESSION_TOKEN_PREFIX),
      authenticate: (t) => authenticateSessionToken(deps.db, deps.clock, t),
    },
    {
      name: 'tenant_user_jwt',
      surfaces: ['mcp'],
      matches: looksLikeJwt,
      authenticate: (t) => authenticateMcpUserToken(deps.db, deps, t),
    },
    {
      name: 'admin_token',
      surfaces: ['rest'],
      refusal: {
        mcp: 'REST admin tokens are not accepted by the MCP server; use an API key (an administrator creates one with POST /api/auth/api-keys, scope "admin" or "tenant")',
      },
      matches: looksLikeJwt,
      authenticate: (t) => authenticateAdminToken(deps.db, deps.jwt, t),
    },
    {
      name: 'bot_token',
      surfaces: ['rest', 'mcp'],
      matches: looksLikeJwt,
      authenticate: (t) => authenticateBotToken(deps.db, deps, t),
    },
  ];
}
