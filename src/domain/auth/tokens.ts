import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** Opaque secrets (API keys, session tokens) are stored only as their SHA-256. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export const randomSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Constant-time comparison of two hex digests. */
export function digestsEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

const ISSUER = 'tenantbase';
export const ADMIN_AUDIENCE = 'tenantbase:admin';

export interface AdminTokenClaims {
  adminId: string;
  tenantId?: string | undefined;
  tokenId: string;
  expiresAt: Date;
}

/** Signs and verifies JWTs with the service secret (HS256). */
export class JwtSigner {
  constructor(
    private readonly secret: Uint8Array,
    private readonly now: () => Date,
  ) {}

  async signAdminToken(
    adminId: string,
    tenantId: string | undefined,
    ttlSeconds: number,
  ): Promise<{ token: string; claims: AdminTokenClaims }> {
    const tokenId = randomUUID();
    const iat = Math.floor(this.now().getTime() / 1000);
    const exp = iat + ttlSeconds;
    const jwt = new SignJWT(tenantId ? { tid: tenantId } : {})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(ADMIN_AUDIENCE)
      .setSubject(adminId)
      .setJti(tokenId)
      .setIssuedAt(iat)
      .setExpirationTime(exp);
    return { token: await jwt.sign(this.secret), claims: { adminId, tenantId, tokenId, expiresAt: new Date(exp * 1000) } };
  }

  async verifyAdminToken(token: string): Promise<AdminTokenClaims | null> {
    const claims = await this.verify(token, ADMIN_AUDIENCE);
    if (!claims || typeof claims.sub !== 'string' || typeof claims.jti !== 'string' || typeof claims.exp !== 'number') return null;
    return {
      adminId: claims.sub,
      tenantId: typeof claims.tid === 'string' ? claims.tid : undefined,
      tokenId: claims.jti,
      expiresAt: new Date(claims.exp * 1000),
    };
  }

  /** Signs arbitrary claims for an audience (e.g. MCP tokens whose audience is MCP_SERVER_URL). */
  async sign(claims: Record<string, unknown>, audience: string, subject: string, ttlSeconds: number): Promise<string> {
    const iat = Math.floor(this.now().getTime() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setSubject(subject)
      .setJti(randomUUID())
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttlSeconds)
      .sign(this.secret);
  }

  /** The verified payload, or null for any bad, expired or foreign-audience token. */
  async verify(token: string, audience: string): Promise<Record<string, unknown> | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        issuer: ISSUER,
        audience,
        algorithms: ['HS256'],
        currentDate: this.now(),
      });
      return payload as Record<string, unknown>;
    } catch {
      return null;
    }
  }
}
