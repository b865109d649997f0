import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
const hashSecret = (secret) => createHash("sha256").update(secret).digest("hex");
const randomSecret = (bytes = 32) => randomBytes(bytes).toString("base64url");
function digestsEqual(a, b) {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}
const ISSUER = "tenantbase";
const ADMIN_AUDIENCE = "tenantbase:admin";
class JwtSigner {
  constructor(secret, now) {
    this.secret = secret;
    this.now = now;
  }
  secret;
  now;
  /** A new admin token; `family` is the family of the token it is made from (none for a login). */
  async signAdminToken(adminId, tenantId, ttlSeconds, family) {
    const tokenId = randomUUID();
    const fam = family ?? tokenId;
    const iat = Math.floor(this.now().getTime() / 1e3);
    const exp = iat + ttlSeconds;
    const jwt = new SignJWT(tenantId ? { tid: tenantId, fam } : { fam }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setIssuer(ISSUER).setAudience(ADMIN_AUDIENCE).setSubject(adminId).setJti(tokenId).setIssuedAt(iat).setExpirationTime(exp);
    return { token: await jwt.sign(this.secret), claims: { adminId, tenantId, tokenId, family: fam, expiresAt: new Date(exp * 1e3) } };
  }
  async verifyAdminToken(token) {
    const claims = await this.verify(token, ADMIN_AUDIENCE);
    if (!claims || typeof claims.sub !== "string" || typeof claims.jti !== "string" || typeof claims.exp !== "number") return null;
    return {
      adminId: claims.sub,
      tenantId: typeof claims.tid === "string" ? claims.tid : void 0,
      tokenId: claims.jti,
      // Tokens signed before families existed are a family of their own.
      family: typeof claims.fam === "string" ? claims.fam : claims.jti,
      expiresAt: new Date(claims.exp * 1e3)
    };
  }
  /** Signs arbitrary claims for an audience (e.g. MCP tokens whose audience is MCP_SERVER_URL). */
  async sign(claims, audience, subject, ttlSeconds) {
    const iat = Math.floor(this.now().getTime() / 1e3);
    return new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setIssuer(ISSUER).setAudience(audience).setSubject(subject).setJti(randomUUID()).setIssuedAt(iat).setExpirationTime(iat + ttlSeconds).sign(this.secret);
  }
  /** The verified payload, or null for any bad, expired or foreign-audience token. */
  async verify(token, audience) {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        issuer: ISSUER,
        audience,
        algorithms: ["HS256"],
        currentDate: this.now()
      });
      return payload;
    } catch {
      return null;
    }
  }
}
export {
  ADMIN_AUDIENCE,
  JwtSigner,
  digestsEqual,
  hashSecret,
  randomSecret
};
//# sourceMappingURL=tokens.js.map
