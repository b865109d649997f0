import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { unauthorized } from '../../errors.js';
import type { Principal } from '../access/principal.js';
import type { LoginThrottle } from '../auth/login-throttle.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { credentialStamp, type JwtSigner } from '../auth/tokens.js';
import { countAdmins, findAdminByEmail, findAdminForToken, insertAdmin, revokeAdminToken } from './admin.repository.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';
const ADMIN_REALM = 'admin';
export const BAD_LOGIN_MESSAGE = 'Invalid email or password';

/**
 * Creates the first administrator when none exists: from ADMIN_EMAIL/ADMIN_PASSWORD, else
 * admin@localhost with a random password that is returned once for the console.
 */
export async function bootstrapAdmin(
  db: Database,
  config: { readonly adminEmail: string | undefined; readonly adminPassword: string | undefined },
): Promise<{ email: string; generatedPassword?: string } | null> {
  if ((await countAdmins(db)) > 0) return null;
  const email = config.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const generatedPassword = config.adminPassword ? undefined : randomBytes(18).toString('base64url');
  const password = config.adminPassword ?? generatedPassword!;
  await insertAdmin(db, { email, name: 'Administrator', passwordHash: await hashPassword(password) });
  return generatedPassword ? { email, generatedPassword } : { email };
}

export async function loginAdmin(
  db: Database,
  services: { readonly loginThrottle: LoginThrottle; readonly jwt: JwtSigner },
  ttlSeconds: number,
  input: { email: string; password: string },
  clientAddress: string,
) {
  const email = input.email.toLowerCase();
  await services.loginThrottle.beforeAttempt(ADMIN_REALM, email, clientAddress);
  const admin = await findAdminByEmail(db, email);
  // Always run bcrypt, so an unknown email takes as long as a wrong password.
  const ok = await verifyPassword(input.password, admin?.passwordHash);
  if (!admin || !ok) {
    await services.loginThrottle.recordFailure(ADMIN_REALM, email, clientAddress);
    throw unauthorized(BAD_LOGIN_MESSAGE);
  }
  await services.loginThrottle.recordSuccess(ADMIN_REALM, email, clientAddress);
  const { token } = await services.jwt.signAdminToken(admin.id, undefined, ttlSeconds, credentialStamp(admin.passwordHash));
  return { token, admin: { id: admin.id, email: admin.email, name: admin.name } };
}

/** The principal of a valid, unrevoked admin token; null otherwise. */
export async function authenticateAdminToken(db: Database, jwt: JwtSigner, token: string): Promise<Principal | null> {
  const claims = await jwt.verifyAdminToken(token);
  if (!claims) return null;
  const admin = await findAdminForToken(db, claims.adminId, { id: claims.tokenId, family: claims.family });
  // A password reset changed the stamp: the token predates it (docs/security.md).
  if (!admin || claims.stamp === undefined || claims.stamp !== credentialStamp(admin.passwordHash)) return null;
  return {
    kind: 'admin',
    adminId: admin.id,
    email: admin.email,
    name: admin.name,
    credential: 'token',
    selectedTenantId: claims.tenantId,
    tokenId: claims.tokenId,
    tokenFamily: claims.family,
    tokenStamp: claims.stamp,
    tokenExpiresAt: claims.expiresAt,
  };
}

/**
 * Ends the login the caller's admin token belongs to: the token, the token it was made from and
 * every token made from either (tenant selections) stop working at once, on every instance (each
 * request checks the revocation table). The family stays revoked until the last token it may hold
 * has expired: none was issued after now, so none lives longer than `now + ttl`.
 */
export async function logoutAdmin(
  db: Database,
  principal: Principal | null,
  token: { now: Date; ttlSeconds: number },
): Promise<{ loggedOut: true }> {
  if (principal?.kind === 'admin' && principal.tokenId && principal.tokenExpiresAt) {
    const familyEnds = new Date(Math.max(principal.tokenExpiresAt.getTime(), token.now.getTime() + token.ttlSeconds * 1000));
    await revokeAdminToken(db, principal.tokenFamily ?? principal.tokenId, familyEnds);
  }
  return { loggedOut: true };
}
