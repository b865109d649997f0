import { hashSecret, randomSecret } from "../auth/tokens.js";
const SESSION_TOKEN_PREFIX = "tbs_";
const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1e3;
const TOKEN_PATTERN = /^tbs_([0-9a-f]{32})_([A-Za-z0-9_-]{43})$/;
function newSessionToken(tenantId) {
  const token = `${SESSION_TOKEN_PREFIX}${tenantId.replace(/-/g, "").toLowerCase()}_${randomSecret(32)}`;
  return { token, hash: hashSecret(token) };
}
function sessionTokenTenant(token) {
  const hex = TOKEN_PATTERN.exec(token)?.[1];
  if (!hex) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
export {
  SESSION_TOKEN_PREFIX,
  SESSION_TTL_MS,
  newSessionToken,
  sessionTokenTenant
};
//# sourceMappingURL=session-token.js.map
