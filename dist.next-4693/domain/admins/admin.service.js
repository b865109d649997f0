import { randomBytes } from "node:crypto";
import { unauthorized } from "../../errors.js";
import { hashPassword, verifyPassword } from "../auth/passwords.js";
import { countAdmins, findAdminByEmail, findAdminForToken, insertAdmin, revokeAdminToken } from "./admin.repository.js";
const DEFAULT_ADMIN_EMAIL = "admin@localhost";
const ADMIN_REALM = "admin";
const BAD_LOGIN_MESSAGE = "Invalid email or password";
async function bootstrapAdmin(db, config) {
  if (await countAdmins(db) > 0) return null;
  const email = config.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const generatedPassword = config.adminPassword ? void 0 : randomBytes(18).toString("base64url");
  const password = config.adminPassword ?? generatedPassword;
  await insertAdmin(db, { email, name: "Administrator", passwordHash: await hashPassword(password) });
  return generatedPassword ? { email, generatedPassword } : { email };
}
async function loginAdmin(db, services, ttlSeconds, input, clientAddress) {
  const email = input.email.toLowerCase();
  await services.loginThrottle.beforeAttempt(ADMIN_REALM, email, clientAddress);
  const admin = await findAdminByEmail(db, email);
  const ok = await verifyPassword(input.password, admin?.passwordHash);
  if (!admin || !ok) {
    await services.loginThrottle.recordFailure(ADMIN_REALM, email, clientAddress);
    throw unauthorized(BAD_LOGIN_MESSAGE);
  }
  await services.loginThrottle.recordSuccess(ADMIN_REALM, email, clientAddress);
  const { token } = await services.jwt.signAdminToken(admin.id, void 0, ttlSeconds);
  return { token, admin: { id: admin.id, email: admin.email, name: admin.name } };
}
async function authenticateAdminToken(db, jwt, token) {
  const claims = await jwt.verifyAdminToken(token);
  if (!claims) return null;
  const admin = await findAdminForToken(db, claims.adminId, { id: claims.tokenId, family: claims.family });
  if (!admin) return null;
  return {
    kind: "admin",
    adminId: admin.id,
    email: admin.email,
    name: admin.name,
    credential: "token",
    selectedTenantId: claims.tenantId,
    tokenId: claims.tokenId,
    tokenFamily: claims.family,
    tokenExpiresAt: claims.expiresAt
  };
}
async function logoutAdmin(db, principal, token) {
  if (principal?.kind === "admin" && principal.tokenId && principal.tokenExpiresAt) {
    const familyEnds = new Date(Math.max(principal.tokenExpiresAt.getTime(), token.now.getTime() + token.ttlSeconds * 1e3));
    await revokeAdminToken(db, principal.tokenFamily ?? principal.tokenId, familyEnds);
  }
  return { loggedOut: true };
}
export {
  BAD_LOGIN_MESSAGE,
  DEFAULT_ADMIN_EMAIL,
  authenticateAdminToken,
  bootstrapAdmin,
  loginAdmin,
  logoutAdmin
};
//# sourceMappingURL=admin.service.js.map
