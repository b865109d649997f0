import { withTenant } from "../../db/with-tenant.js";
import { AppError, unauthorized } from "../../errors.js";
import { botSecretTenant, verifyBotSecret } from "./bot-secret.js";
import { BOT_TOKEN_TTL_SECONDS, signBotToken } from "./bot-token.js";
import { findBotCredentials, recordFailedIdentify, recordIdentified } from "./bot.repository.js";
const BAD_BOT_CREDENTIALS = "Invalid bot id or secret";
async function identifyBot(db, deps, input, callerTenant) {
  const tenantId = botSecretTenant(input.secret);
  const bot = tenantId && (callerTenant === void 0 || callerTenant === tenantId) ? await withTenant(db, tenantId, { readOnly: true }, (tx) => findBotCredentials(tx, input.ref)) : void 0;
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
    tokenType: "Bearer",
    expiresIn: BOT_TOKEN_TTL_SECONDS,
    bot: { id: bot.id, name: bot.name, role: bot.role, permissions: bot.permissions, tenantId }
  };
}
function lockedOut(until, now) {
  const retryAfter = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1e3));
  return new AppError("RATE_LIMITED", `Too many failed identifies for this bot; try again in ${retryAfter} seconds`, void 0, {
    retryAfter
  });
}
export {
  BAD_BOT_CREDENTIALS,
  identifyBot
};
//# sourceMappingURL=identify.js.map
