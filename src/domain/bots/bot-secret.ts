import bcrypt from 'bcrypt';
import { hashSecret, randomSecret } from '../auth/tokens.js';

/** Every bot secret starts with this. */
export const BOT_SECRET_PREFIX = 'tbot_';

const SECRET_PATTERN = /^tbot_([0-9a-f]{32})_([A-Za-z0-9_-]{43})$/;
const BCRYPT_ROUNDS = 10;

/**
 * A new bot secret: `tbot_<tenant id, 32 hex>_<256 random bits, base64url>`.
 *
 * The (non-secret) tenant id rides in the secret for the reason session tokens carry theirs
 * (domain/users/session-token.ts): `identify_bot` and the OAuth token endpoint are called before
 * any tenant is known, and a bot is found by id or name only inside `withTenant`.
 */
export function newBotSecret(tenantId: string): string {
  return `${BOT_SECRET_PREFIX}${tenantId.replace(/-/g, '').toLowerCase()}_${randomSecret(32)}`;
}

/** The tenant a well-formed bot secret names, or null for anything else. */
export function botSecretTenant(secret: string): string | null {
  const hex = SECRET_PATTERN.exec(secret)?.[1];
  if (!hex) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Stored form: bcrypt of the secret's SHA-256 (bcrypt reads at most 72 bytes; the secret is 81).
 * A 256-bit secret needs no slow hash against guessing; bcrypt is here so that identify costs the
 * same whether or not the bot exists (a dummy comparison when it does not), as logins do.
 */
export const hashBotSecret = (secret: string) => bcrypt.hash(hashSecret(secret), BCRYPT_ROUNDS);

const dummyHash = bcrypt.hash(hashSecret('tenantbase-dummy-bot-secret'), BCRYPT_ROUNDS);

/** Compares in constant time (bcrypt.compare); against a dummy hash when there is no bot. */
export async function verifyBotSecret(secret: string, hash: string | undefined): Promise<boolean> {
  const ok = await bcrypt.compare(hashSecret(secret), hash ?? (await dummyHash));
  return ok && hash !== undefined;
}
