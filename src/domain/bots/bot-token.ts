import type { Database } from '../../db/database.js';
import { withTenant } from '../../db/with-tenant.js';
import { isUuid } from '../../uuid.js';
import type { Principal } from '../access/principal.js';
import type { Clock } from '../auth/clock.js';
import type { JwtSigner } from '../auth/tokens.js';
import { findBot, touchBot } from './bot.repository.js';

/** Bot tokens are JWTs of their own audience: valid on REST and MCP, never taken for another kind. */
export const BOT_TOKEN_AUDIENCE = 'tenantbase:bot';
/** One hour; there is no refresh token: a bot identifies again. */
export const BOT_TOKEN_TTL_SECONDS = 3600;
/** lastSeenAt is kept to the minute, so a busy bot does not write on every request. */
const SEEN_GRANULARITY_MS = 60_000;

export interface BotTokenDeps {
  readonly clock: Clock;
  readonly jwt: JwtSigner;
}

export function signBotToken(jwt: JwtSigner, bot: { id: string; tenantId: string; tokenGeneration: number }): Promise<string> {
  return jwt.sign({ tid: bot.tenantId, gen: bot.tokenGeneration }, BOT_TOKEN_AUDIENCE, bot.id, BOT_TOKEN_TTL_SECONDS);
}

/**
 * The principal of a live bot token: signed here, unexpired, of a bot that is not revoked and whose
 * token generation is still the token's. Read from the database on every request (one primary-key
 * lookup, like user sessions), so revoke_bot and reset_bot_secret bite on the very next request on
 * every instance; no cache to invalidate. Null otherwise.
 */
export async function authenticateBotToken(db: Database, deps: BotTokenDeps, token: string): Promise<Principal | null> {
  const claims = await deps.jwt.verify(token, BOT_TOKEN_AUDIENCE);
  const { tid, gen, sub } = claims ?? {};
  if (typeof tid !== 'string' || !isUuid(tid) || typeof sub !== 'string' || !isUuid(sub) || typeof gen !== 'number') return null;
  const bot = await withTenant(db, tid, { readOnly: true }, (tx) => findBot(tx, { id: sub }));
  if (!bot || bot.revokedAt || bot.tokenGeneration !== gen) return null;
  const now = deps.clock.now();
  if (!bot.lastSeenAt || now.getTime() - bot.lastSeenAt.getTime() >= SEEN_GRANULARITY_MS) {
    await withTenant(db, tid, { readOnly: false }, (tx) => touchBot(tx, bot.id, now));
  }
  return { kind: 'bot', botId: bot.id, tenantId: tid, name: bot.name, role: bot.role, permissions: bot.permissions };
}
