import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { withTenant } from '../../db/with-tenant.js';
import { forbidden, unauthorized } from '../../errors.js';
import type { Principal, TenantRef, TenantRole } from '../access/principal.js';
import { verifyPassword } from '../auth/passwords.js';
import type { Clock } from '../auth/clock.js';
import type { LoginThrottle } from '../auth/login-throttle.js';
import { digestsEqual, hashSecret, type JwtSigner } from '../auth/tokens.js';
import { deleteExpiredSessions, deleteSession, findActiveSession, insertSession, type SessionKind } from './session.repository.js';
import { SESSION_TTL_MS, newSessionToken, sessionTokenTenant } from './session-token.js';
import { findCredentialsByEmail, markLogin } from './user.repository.js';
import { isUuid } from '../../uuid.js';

/** One message for unknown email, wrong password and inactive user (README.md, Errors). */
export const BAD_TENANT_LOGIN_MESSAGE = 'Invalid email or password';

export interface TenantLogin {
  token: string;
  expiresAt: Date;
  user: { id: string; email: string; name: string; role: TenantRole };
}

/**
 * Checks a tenant user's password and opens a session. `kind: 'rest'` answers an opaque `tbs_`
 * token; `kind: 'mcp'` a JWT for the MCP server (audience MCP_SERVER_URL) backed by the same kind
 * of session row, so logout, deactivation, deletion and password changes revoke both.
 * The password check runs outside any transaction: bcrypt takes tens of milliseconds.
 */
export interface LoginDeps {
  readonly clock: Clock;
  readonly jwt: JwtSigner;
  readonly loginThrottle: LoginThrottle;
  /** Audience of MCP tokens (MCP_SERVER_URL). */
  readonly mcpAudience: string;
}

export async function loginTenantUser(
  db: Database,
  services: LoginDeps,
  tenant: TenantRef,
  input: { email: string; password: string },
  clientAddress: string,
  kind: SessionKind,
): Promise<TenantLogin> {
  const email = input.email.trim().toLowerCase();
  await services.loginThrottle.beforeAttempt(tenant.id, email, clientAddress);
  const user = await withTenant(db, tenant.id, { readOnly: true }, (tx) => findCredentialsByEmail(tx, email));
  // Always one bcrypt comparison (a dummy hash when the email is unknown): same answer, same time.
  const passwordOk = await verifyPassword(input.password, user?.passwordHash);
  const fail = async () => {
    await services.loginThrottle.recordFailure(tenant.id, email, clientAddress);
    return unauthorized(BAD_TENANT_LOGIN_MESSAGE);
  };
  if (!user || !passwordOk || !user.isActive) throw await fail();

  const now = services.clock.now();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const sessionId = randomUUID();
  const token =
    kind === 'rest'
      ? newSessionToken(tenant.id).token
      : await services.jwt.sign({ tid: tenant.id, sid: sessionId }, services.mcpAudience, user.id, SESSION_TTL_MS / 1000);
  const opened = await withTenant(db, tenant.id, { readOnly: false }, async (tx) => {
    if (!(await markLogin(tx, user.id, user.passwordHash, now))) return false;
    await deleteExpiredSessions(tx, now);
    await insertSession(tx, { id: sessionId, userId: user.id, tokenHash: hashSecret(token), kind, expiresAt, now });
    return true;
  });
  if (!opened) throw await fail();
  await services.loginThrottle.recordSuccess(tenant.id, email, clientAddress);
  return { token, expiresAt, user: { id: user.id, email: user.email, name: user.name, role: user.role } };
}

async function sessionPrincipal(db: Database, clock: Clock, tenantId: string, token: string): Promise<Principal | null> {
  const hash = hashSecret(token);
  const session = await withTenant(db, tenantId, { readOnly: true }, (tx) => findActiveSession(tx, hash, clock.now()));
  if (!session || !digestsEqual(session.tokenHash, hash)) return null;
  return {
    kind: 'tenant_user',
    userId: session.userId,
    tenantId,
    email: session.email,
    role: session.role,
    permissions: session.permissions,
    sessionId: session.sessionId,
  };
}

/** The principal of a live `tbs_` session token; null when unknown, expired, logged out or its user inactive. */
export async function authenticateSessionToken(db: Database, clock: Clock, token: string): Promise<Principal | null> {
  const tenantId = sessionTokenTenant(token);
  return tenantId ? sessionPrincipal(db, clock, tenantId, token) : null;
}

/**
 * The principal of an MCP user token issued by `tenant_login`: a JWT whose audience is
 * MCP_SERVER_URL (REST admin tokens have another audience and are refused), whose session row
 * still exists, is unexpired and belongs to an active user. Null otherwise.
 */
export async function authenticateMcpUserToken(
  db: Database,
  deps: { readonly clock: Clock; readonly jwt: JwtSigner; readonly mcpAudience: string },
  token: string,
): Promise<Principal | null> {
  const claims = await deps.jwt.verify(token, deps.mcpAudience);
  const { tid, sid, sub } = claims ?? {};
  if (typeof tid !== 'string' || !isUuid(tid) || typeof sid !== 'string' || typeof sub !== 'string') return null;
  const principal = await sessionPrincipal(db, deps.clock, tid, token);
  if (principal?.kind !== 'tenant_user' || principal.sessionId !== sid || principal.userId !== sub) return null;
  return principal;
}

/**
 * Ends the session of an MCP user token presented in a request body (REST cannot authenticate with
 * MCP tokens: their audience is the MCP server). Possession of the token is the authority to end it.
 */
export async function logoutMcpUserToken(
  db: Database,
  deps: { readonly clock: Clock; readonly jwt: JwtSigner; readonly mcpAudience: string },
  token: string,
): Promise<{ loggedOut: true }> {
  const principal = await authenticateMcpUserToken(db, deps, token);
  if (!principal) throw unauthorized('Invalid, expired or already ended token: give the token tenant_login answered');
  return logoutTenantUser(db, principal);
}

/** Ends the session the caller used. */
export async function logoutTenantUser(db: Database, principal: Principal): Promise<{ loggedOut: true }> {
  if (principal.kind !== 'tenant_user')
    throw forbidden('tenant_logout ends a tenant-user session: send the user token (administrators use /api/auth/logout)');
  await withTenant(db, principal.tenantId, { readOnly: false }, (tx) => deleteSession(tx, principal.sessionId));
  return { loggedOut: true };
}
