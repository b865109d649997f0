import { forbidden, notFound, toolRef, validationError } from "../../errors.js";
import { isUuid } from "../../uuid.js";
import { actorOf, actorRef } from "../access/actor.js";
import { canOnRecords, canUseOperation } from "../access/permissions.js";
import { RECORD_ACTIONS } from "../access/principal.js";
import { listEntityNames } from "../entities/entity.repository.js";
import { assertWithinCreatorRights } from "./bot-rights.js";
import { hashBotSecret, newBotSecret } from "./bot-secret.js";
import { findBot, insertBot, listBotRows, markBotRevoked, replaceBotSecret } from "./bot.repository.js";
import { botView } from "./bot.types.js";
function botRefOf(input) {
  const given = input.bot_id ?? input.name;
  if (!given) throw validationError("Name the bot: bot_id (or its name)", [{ field: "bot_id", message: "required" }]);
  return isUuid(given) ? { id: given } : { name: given };
}
async function registerBot(tx, creator, input, now) {
  if (isUuid(input.name)) throw validationError("A bot name cannot look like a bot id (UUID)", [{ field: "name", message: "is a UUID" }]);
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
      createdBy: actorRef(actorOf(creator))
    },
    now
  );
  const { id, ...view } = botView(row, now);
  return { bot_id: id, secret_key: secret, ...view };
}
async function listBots(tx, now) {
  return (await listBotRows(tx)).map((row) => botView(row, now));
}
async function liveBot(tx, ref) {
  const bot = await findBot(tx, ref);
  if (!bot || bot.revokedAt) {
    throw notFound(`Bot ${"id" in ref ? ref.id : ref.name} not found or already revoked; ${toolRef("list_bots")} shows the bots`);
  }
  return bot;
}
async function revokeBot(tx, ref, now) {
  const bot = await liveBot(tx, ref);
  if (!await markBotRevoked(tx, bot.id, now)) throw notFound(`Bot ${bot.id} not found or already revoked`);
  return { bot_id: bot.id, revoked: true };
}
async function resetBotSecret(tx, ref, now) {
  const bot = await liveBot(tx, ref);
  const secret = newBotSecret(tx.tenantId);
  if (!await replaceBotSecret(tx, bot.id, await hashBotSecret(secret), now)) throw notFound(`Bot ${bot.id} not found`);
  return { bot_id: bot.id, secret_key: secret, tokensRevoked: true };
}
async function whoamiBot(tx, principal, tenant, now) {
  if (principal.kind !== "bot") throw forbidden("whoami_bot describes a bot: call it with a bot token (from identify_bot)");
  const bot = await findBot(tx, { id: principal.botId });
  if (!bot) throw notFound(`Bot ${principal.botId} not found`);
  const named = Object.keys(principal.permissions.entities ?? {});
  const entities = [.../* @__PURE__ */ new Set([...await listEntityNames(tx), ...named])].sort();
  const actionsOn = (entity) => RECORD_ACTIONS.filter((a) => canOnRecords(principal, a, entity));
  return {
    bot: botView(bot, now),
    tenant: { id: tenant.id, slug: tenant.slug, name: tenant.name },
    effectivePermissions: {
      role: principal.role,
      schema: { read: canUseOperation(principal, "schema.read"), write: canUseOperation(principal, "schema.write") },
      manageUsers: canUseOperation(principal, "users.manage"),
      manageBots: canUseOperation(principal, "bots.manage"),
      records: Object.fromEntries(entities.map((e) => [e, actionsOn(e)]))
    }
  };
}
export {
  botRefOf,
  listBots,
  registerBot,
  resetBotSecret,
  revokeBot,
  whoamiBot
};
//# sourceMappingURL=bot.service.js.map
