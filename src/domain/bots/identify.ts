import type { Database } from '../../db/database.js';
import { withTenant } from '../../db/with-tenant.js';
import { AppError, toolRef, unauthorized } from '../../errors.js';
import type { BotPermissions, BotRole } from '../access/principal.js';
import { botSecretTenant, verifyBotSecret } from './bot-secret.js';
import { BOT_TOKEN_TTL_SECONDS, signBotToken, type BotTokenDeps } from './bot-token.js';
import { findBotCredentials, recordFailedIdentify, recordIdentified } from './bot.repository.js';
import type { BotRef } from './bot.types.js';

/** One message for an unknown bot, a wrong secret and a revoked bot. */
export const BAD_BOT_CREDENTIALS = 'Invalid bot id or secret';

export interface BotIdentity {
  token: string;
  tokenType: 'Bearer';
  expiresIn: number;
  bot: { id: string; name: string; role: BotRole; permissions: BotPermissions; tenantId: string };
}

/**
 * Exchanges a bot's id (or name) and secret for a one-hour token (docs/bots.md). The tenant is the
 * one the secret names; `callerTenant`, when the caller already acts in a tenant, must be it.
 * Unknown bots cost the same bcrypt comparison as known ones. A locked bot is refused before its
 * secret is looked at (RATE_LIMITED with Retry-After); failures climb the lockout ladder.
 * The comparison runs outside any transaction: bcrypt takes tens of milliseconds.
 */
export async function identifyBot(
  db: Database,
  deps: BotTokenDeps,
  input: { ref: BotRef; secret: string },
  callerTenant: string | undefined,
): Promise<BotIdentity> {
  const tenantId = botSecretTenant(input.secret);
  const bot =
    tenantId && (callerTenant === undefined || callerTenant === tenantId)
      ? await withTenant(db, tenantId, { readOnly: true }, (tx) => findBotCredentials(tx, input.ref))
      : undefined;
  const now = deps.clock.now();
  if (bot?.lockedUntil && bot.lockedUntil > now) throw lockedOut(bot.lockedUntil, now);
  const ok = await verifyBotSecret(input.secret, bot?.secretHash);
  if (!bot || !tenantId || !ok) {
    if (bot && tenantId) await withTenant(db, tenantId, { readOnly: false }, (tx) => recordFailedIdentify(tx, bot.id, now));
    throw unauthorized(BAD_BOT_CREDENTIALS);
  }
  await withTenant(db, tenantId, { readOnly: false }, (tx) => recordIdentified(tx, bot.id, now));
  const token = await signBotToken(deps.jwt, { id: bot.id, tenantId, tokenGeneration: bot.tokenGeneration });
  return {
    token,
    tokenType: 'Bearer',
    expiresIn: BOT_TOKEN_TTL_SECONDS,
    bot: { id: bot.id, name: bot.name, role: bot.role, permissions: bot.permissions, tenantId },
  };
}

function lockedOut(until: Date, now: Date): AppError {
  const retryAfter = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError(
    'RATE_LIMITED',
    `Too many failed identifies for this bot; try again in ${retryAfter} seconds, or end the lockout now: ` +
      `${toolRef('reset_bot_secret')} (by a tenant owner or admin) gives the bot a new secret and clears it`,
    undefined,
    { retryAfter },
  );
}
