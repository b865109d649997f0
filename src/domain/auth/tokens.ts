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
  /**
   * The login this token descends from: a login starts a family (its own id), and a token made from
   * another (selecting a tenant) inherits it, so logout can end them all (docs/security.md).
   */
  family: string;
  /**
   * The administrator's credential stamp when the token was signed (`credentialStamp`): a password
   * reset changes it, which ends every earlier token of that administrator. Absent in tokens signed
   * before stamps existed; those are refused.
   */
  stamp: string | undefined;
  expiresAt: Date;
}

/**
 * A short digest of an administrator's password hash, carried in its tokens: when the password
 * changes (`tenantbase admin reset-password`) the stamp changes, so every token issued before —
 * logins, their tenant selections, the console's cookie — stops verifying, with no list of tokens to
 * keep. Only a digest of the (salted bcrypt) hash, never the hash itself, leaves the database.
 */
export const credentialStamp = (passwordHash: string) => hashSecret(`admin-token-stamp:${passwordHash}`).slice(0, 22);

/** Signs and verifies JWTs with the service secret (HS256). */
export class JwtSigner {
  constructor(
    private readonly secret: Uint8Array,
    private readonly now: () => Date,
  ) {}

  /**
   * A new admin token; `family` is the family of the token it is made from (none for a login),
   * `stamp` the administrator's current credential stamp.
   */
  async signAdminToken(
    adminId: string,
    tenantId: string | undefined,
    ttlSeconds: number,
    stamp: string,
    family?: string,
  ): Promise<{ token: string; claims: AdminTokenClaims }> {
    const tokenId = randomUUID();
    const fam = family ?? tokenId;
    const iat = Math.floor(this.now().getTime() / 1000);
    const exp = iat + ttlSeconds;
    const jwt = new SignJWT(tenantId ? { tid: tenantId, fam, cst: stamp } : { fam, cst: stamp })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(ADMIN_AUDIENCE)
      .setSubject(adminId)
      .setJti(tokenId)
      .setIssuedAt(iat)
      .setExpirationTime(exp);
    return {
      token: await jwt.sign(this.secret),
      claims: { adminId, tenantId, tokenId, family: fam, stamp, expiresAt: new Date(exp * 1000) },
    };
  }

  async verifyAdminToken(token: string): Promise<AdminTokenClaims | null> {
    const claims = await this.verify(token, ADMIN_AUDIENCE);
    if (!claims || typeof claims.sub !== 'string' || typeof claims.jti !== 'string' || typeof claims.exp !== 'number') return null;
    return {
      adminId: claims.sub,
      tenantId: typeof claims.tid === 'string' ? claims.tid : undefined,
      tokenId: claims.jti,
      // Tokens signed before families existed are a family of their own.
      family: typeof claims.fam === 'string' ? claims.fam : claims.jti,
      stamp: typeof claims.cst === 'string' ? claims.cst : undefined,
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
