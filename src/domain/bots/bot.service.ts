import type { TenantTx } from '../../db/with-tenant.js';
import { forbidden, notFound, toolRef, validationError } from '../../errors.js';
import { isUuid } from '../../uuid.js';
import { actorOf, actorRef } from '../access/actor.js';
import { canOnRecords, canUseOperation } from '../access/permissions.js';
import { RECORD_ACTIONS, type BotPermissions, type BotRole, type Principal, type TenantRef } from '../access/principal.js';
import { listEntityNames } from '../entities/entity.repository.js';
import { assertWithinCreatorRights } from './bot-rights.js';
import { hashBotSecret, newBotSecret } from './bot-secret.js';
import { findBot, insertBot, listBotRows, markBotRevoked, replaceBotSecret } from './bot.repository.js';
import { botView, type BotRef, type BotView } from './bot.types.js';

export interface NewBot {
  name: string;
  description?: string | undefined;
  role: BotRole;
  permissions?: BotPermissions | undefined;
}

/** `bot_id` or `name` as callers give them: an id is a UUID, anything else is a name. */
export function botRefOf(input: { bot_id?: string | undefined; name?: string | undefined }): BotRef {
  const given = input.bot_id ?? input.name;
  if (!given) throw validationError('Name the bot: bot_id (or its name)', [{ field: 'bot_id', message: 'required' }]);
  return isUuid(given) ? { id: given } : { name: given };
}

/** Registers a bot; the answer holds its secret, shown this once and stored only as a hash. */
export async function registerBot(tx: TenantTx, creator: Principal, input: NewBot, now: Date) {
  if (isUuid(input.name)) throw validationError('A bot name cannot look like a bot id (UUID)', [{ field: 'name', message: 'is a UUID' }]);
  const permissions = input.permissions ?? {};
  assertWithinCreatorRights(creator, tx.tenantId, input.role, permissions);
  const secret = newBotSecret(tx.tenantId);
  const row = await insertBot(
    tx,
    {
      name: input.name,
      description: input.description ?? null,
      role: input.role,
      permissions,
      secretHash: await hashBotSecret(secret),
      createdBy: actorRef(actorOf(creator)),
    },
    now,
  );
  const { id, ...view } = botView(row, now);
  return { bot_id: id, secret_key: secret, ...view };
}

export async function listBots(tx: TenantTx, now: Date): Promise<BotView[]> {
  return (await listBotRows(tx)).map((row) => botView(row, now));
}

async function liveBot(tx: TenantTx, ref: BotRef) {
  const bot = await findBot(tx, ref);
  if (!bot || bot.revokedAt) {
    throw notFound(`Bot ${'id' in ref ? ref.id : ref.name} not found or already revoked; ${toolRef('list_bots')} shows the bots`);
  }
  return bot;
}

/** Ends a bot: it cannot identify any more and its tokens fail from the next request. */
export async function revokeBot(tx: TenantTx, ref: BotRef, now: Date) {
  const bot = await liveBot(tx, ref);
  if (!(await markBotRevoked(tx, bot.id, now))) throw notFound(`Bot ${bot.id} not found or already revoked`);
  return { bot_id: bot.id, revoked: true as const };
}

/** A new secret (shown once); every token issued before fails from the next request. */
export async function resetBotSecret(tx: TenantTx, ref: BotRef, now: Date) {
  const bot = await liveBot(tx, ref);
  const secret = newBotSecret(tx.tenantId);
  if (!(await replaceBotSecret(tx, bot.id, await hashBotSecret(secret), now))) throw notFound(`Bot ${bot.id} not found`);
  return { bot_id: bot.id, secret_key: secret, tokensRevoked: true as const };
}

/** The calling bot, its tenant, and what it may do there, asked of permissions.ts itself. */
export async function whoamiBot(tx: TenantTx, principal: Principal, tenant: TenantRef, now: Date) {
  if (principal.kind !== 'bot') throw forbidden('whoami_bot describes a bot: call it with a bot token (from identify_bot)');
  const bot = await findBot(tx, { id: principal.botId });
  if (!bot) throw notFound(`Bot ${principal.botId} not found`);
  const named = Object.keys(principal.permissions.entities ?? {});
  const entities = [...new Set([...(await listEntityNames(tx)), ...named])].sort();
  const actionsOn = (entity: string) => RECORD_ACTIONS.filter((a) => canOnRecords(principal, a, entity));
  return {
    bot: botView(bot, now),
    tenant: { id: tenant.id, slug: tenant.slug, name: tenant.name },
    effectivePermissions: {
      role: principal.role,
      schema: { read: canUseOperation(principal, 'schema.read'), write: canUseOperation(principal, 'schema.write') },
      manageUsers: canUseOperation(principal, 'users.manage'),
      manageBots: canUseOperation(principal, 'bots.manage'),
      records: Object.fromEntries(entities.map((e) => [e, actionsOn(e)])),
    },
  };
}
