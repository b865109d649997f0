import { authenticateAdminToken } from "../admins/admin.service.js";
import { API_KEY_PREFIX, authenticateApiKey } from "../api-keys/api-key.service.js";
import { authenticateBotToken } from "../bots/bot-token.js";
import { SESSION_TOKEN_PREFIX } from "../users/session-token.js";
import { authenticateMcpUserToken, authenticateSessionToken } from "../users/session.service.js";
import { looksLikeJwt } from "./registry.js";
function credentialKinds(deps) {
  return [
    {
      name: "api_key",
      surfaces: ["rest", "mcp"],
      matches: (t) => t.startsWith(API_KEY_PREFIX),
      authenticate: (t) => authenticateApiKey(deps.db, deps.apiKeys, t)
    },
    {
      name: "user_session",
      surfaces: ["rest"],
      matches: (t) => t.startsWith(SESSION_TOKEN_PREFIX),
      authenticate: (t) => authenticateSessionToken(deps.db, deps.clock, t)
    },
    {
      name: "tenant_user_jwt",
      surfaces: ["mcp"],
      matches: looksLikeJwt,
      authenticate: (t) => authenticateMcpUserToken(deps.db, deps, t)
    },
    {
      name: "admin_token",
      surfaces: ["rest"],
      refusal: {
        mcp: 'REST admin tokens are not accepted by the MCP server; use an API key (an administrator creates one with POST /api/auth/api-keys, scope "admin" or "tenant")'
      },
      matches: looksLikeJwt,
      authenticate: (t) => authenticateAdminToken(deps.db, deps.jwt, t)
    },
    {
      name: "bot_token",
      surfaces: ["rest", "mcp"],
      matches: looksLikeJwt,
      authenticate: (t) => authenticateBotToken(deps.db, deps, t)
    }
  ];
}
export {
  credentialKinds
};
//# sourceMappingURL=kinds.js.map
