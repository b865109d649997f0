import { randomUUID } from "node:crypto";
import { withTenant } from "../../db/with-tenant.js";
import { forbidden, unauthorized } from "../../errors.js";
import { verifyPassword } from "../auth/passwords.js";
import { digestsEqual, hashSecret } from "../auth/tokens.js";
import { deleteExpiredSessions, deleteSession, findActiveSession, insertSession } from "./session.repository.js";
import { SESSION_TTL_MS, newSessionToken, sessionTokenTenant } from "./session-token.js";
import { findCredentialsByEmail, markLogin } from "./user.repository.js";
import { isUuid } from "../../uuid.js";
const BAD_TENANT_LOGIN_MESSAGE = "Invalid email or password";
async function loginTenantUser(db, services, tenant, input, clientAddress, kind) {
  const email = input.email.trim().toLowerCase();
  await services.loginThrottle.beforeAttempt(tenant.id, email, clientAddress);
  const user = await withTenant(db, tenant.id, { readOnly: true }, (tx) => findCredentialsByEmail(tx, email));
  const passwordOk = await verifyPassword(input.password, user?.passwordHash);
  const fail = async () => {
    await services.loginThrottle.recordFailure(tenant.id, email, clientAddress);
    return unauthorized(BAD_TENANT_LOGIN_MESSAGE);
  };
  if (!user || !passwordOk || !user.isActive) throw await fail();
  const now = services.clock.now();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const sessionId = randomUUID();
  const token = kind === "rest" ? newSessionToken(tenant.id).token : await services.jwt.sign({ tid: tenant.id, sid: sessionId }, services.mcpAudience, user.id, SESSION_TTL_MS / 1e3);
  const opened = await withTenant(db, tenant.id, { readOnly: false }, async (tx) => {
    if (!await markLogin(tx, user.id, user.passwordHash, now)) return false;
    await deleteExpiredSessions(tx, now);
    await insertSession(tx, { id: sessionId, userId: user.id, tokenHash: hashSecret(token), kind, expiresAt, now });
    return true;
  });
  if (!opened) throw await fail();
  await services.loginThrottle.recordSuccess(tenant.id, email, clientAddress);
  return { token, expiresAt, user: { id: user.id, email: user.email, name: user.name, role: user.role } };
}
async function sessionPrincipal(db, clock, tenantId, token) {
  const hash = hashSecret(token);
  const session = await withTenant(db, tenantId, { readOnly: true }, (tx) => findActiveSession(tx, hash, clock.now()));
  if (!session || !digestsEqual(session.tokenHash, hash)) return null;
  return {
    kind: "tenant_user",
    userId: session.userId,
    tenantId,
    email: session.email,
    role: session.role,
    permissions: session.permissions,
    sessionId: session.sessionId
  };
}
async function authenticateSessionToken(db, clock, token) {
  const tenantId = sessionTokenTenant(token);
  return tenantId ? sessionPrincipal(db, clock, tenantId, token) : null;
}
async function authenticateMcpUserToken(db, deps, token) {
  const claims = await deps.jwt.verify(token, deps.mcpAudience);
  const { tid, sid, sub } = claims ?? {};
  if (typeof tid !== "string" || !isUuid(tid) || typeof sid !== "string" || typeof sub !== "string") return null;
  const principal = await sessionPrincipal(db, deps.clock, tid, token);
  if (principal?.kind !== "tenant_user" || principal.sessionId !== sid || principal.userId !== sub) return null;
  return principal;
}
async function logoutMcpUserToken(db, deps, token) {
  const principal = await authenticateMcpUserToken(db, deps, token);
  if (!principal) throw unauthorized("Invalid, expired or already ended token: give the token tenant_login answered");
  return logoutTenantUser(db, principal);
}
async function logoutTenantUser(db, principal) {
  if (principal.kind !== "tenant_user")
    throw forbidden("tenant_logout ends a tenant-user session: send the user token (administrators use /api/auth/logout)");
  await withTenant(db, principal.tenantId, { readOnly: false }, (tx) => deleteSession(tx, principal.sessionId));
  return { loggedOut: true };
}
export {
  BAD_TENANT_LOGIN_MESSAGE,
  authenticateMcpUserToken,
  authenticateSessionToken,
  loginTenantUser,
  logoutMcpUserToken,
  logoutTenantUser
};
//# sourceMappingURL=session.service.js.map
