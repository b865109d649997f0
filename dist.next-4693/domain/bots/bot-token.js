import { withTenant } from "../../db/with-tenant.js";
import { isUuid } from "../../uuid.js";
import { findBot, touchBot } from "./bot.repository.js";
const BOT_TOKEN_AUDIENCE = "tenantbase:bot";
const BOT_TOKEN_TTL_SECONDS = 3600;
const SEEN_GRANULARITY_MS = 6e4;
function signBotToken(jwt, bot) {
  return jwt.sign({ tid: bot.tenantId, gen: bot.tokenGeneration }, BOT_TOKEN_AUDIENCE, bot.id, BOT_TOKEN_TTL_SECONDS);
}
async function authenticateBotToken(db, deps, token) {
  const claims = await deps.jwt.verify(token, BOT_TOKEN_AUDIENCE);
  const { tid, gen, sub } = claims ?? {};
  if (typeof tid !== "string" || !isUuid(tid) || typeof sub !== "string" || !isUuid(sub) || typeof gen !== "number") return null;
  const bot = await withTenant(db, tid, { readOnly: true }, (tx) => findBot(tx, { id: sub }));
  if (!bot || bot.revokedAt || bot.tokenGeneration !== gen) return null;
  const now = deps.clock.now();
  if (!bot.lastSeenAt || now.getTime() - bot.lastSeenAt.getTime() >= SEEN_GRANULARITY_MS) {
    await withTenant(db, tid, { readOnly: false }, (tx) => touchBot(tx, bot.id, now));
  }
  return { kind: "bot", botId: bot.id, tenantId: tid, name: bot.name, role: bot.role, permissions: bot.permissions };
}
export {
  BOT_TOKEN_AUDIENCE,
  BOT_TOKEN_TTL_SECONDS,
  authenticateBotToken,
  signBotToken
};
//# sourceMappingURL=bot-token.js.map
