import { z } from "zod";
import { BOT_ROLES } from "../domain/access/principal.js";
import {
  botRefOf,
  listBots as listAll,
  registerBot as register,
  resetBotSecret,
  revokeBot as revoke,
  whoamiBot
} from "../domain/bots/bot.service.js";
import { identifyBot as identify } from "../domain/bots/identify.js";
import { validationError } from "../errors.js";
import { bind, defineGlobalOperation, defineTenantOperation } from "./core/operation.js";
import { botIdentityOutput, botOutput, botPermissionsInput, registeredBotOutput, whoamiBotOutput } from "./schemas/bots.js";
const now = (ctx) => ctx.services.clock.now();
const newBot = z.object({
  name: z.string().trim().min(1).max(100).describe("Unique in the tenant"),
  description: z.string().trim().max(500).optional(),
  role: z.enum(BOT_ROLES).default("member"),
  permissions: botPermissionsInput.optional().describe('{ entities: { <entity>: ["read", \u2026] } }, within your own rights')
});
const registerBot = defineTenantOperation({
  name: "register_bot",
  title: "Register bot",
  description: 'Registers a bot (machine identity) of the tenant, e.g. { "name": "invoice-sync", "role": "viewer" }. Answers { bot_id, secret_key, \u2026 }: the secret is shown only now. Exchange them for a token with identify_bot.',
  input: newBot,
  output: registeredBotOutput,
  mode: "write",
  profile: "all",
  tool: true,
  access: { tenant: "bots.manage" },
  rest: [bind({ method: "POST", path: "/api/bots", status: 201, body: newBot })],
  run: (ctx, input) => register(ctx.tx, ctx.principal, input, now(ctx))
});
const botRef = z.string().trim().min(1).max(200);
const refInput = {
  bot_id: botRef.optional().describe("Bot id, or its name"),
  name: botRef.optional().describe("The bot name, instead of bot_id")
};
const identifyInput = z.object({
  ...refInput,
  secret_key: z.string().min(1).max(200).optional(),
  secret: z.string().min(1).max(200).optional().describe("Alias of secret_key")
});
const identifyBot = defineGlobalOperation({
  name: "identify_bot",
  title: "Identify bot",
  description: 'Exchanges a bot id (or name) and secret for a 1-hour bot token, e.g. { "bot_id": "\u2026", "secret_key": "tbot_\u2026" } \u2192 { token, expiresIn, bot }. Send the token as Authorization: Bearer.',
  input: identifyInput,
  output: botIdentityOutput,
  mode: "write",
  profile: "all",
  tool: true,
  access: "public",
  rest: [bind({ method: "POST", path: "/api/bots/identify", body: identifyInput })],
  run: (ctx, input) => {
    const secret = input.secret_key ?? input.secret;
    if (!secret) throw validationError("secret_key is required", [{ field: "secret_key", message: "required" }]);
    return identify(ctx.db, ctx.services, { ref: botRefOf(input), secret }, ctx.tenant?.id);
  }
});
const listBots = defineTenantOperation({
  name: "list_bots",
  title: "List bots",
  description: 'Lists the bots of the tenant, e.g. [{ "id": "\u2026", "name": "invoice-sync", "status": "active", role, permissions, lastSeenAt, \u2026 }] (never secrets).',
  input: z.object({}),
  output: z.array(botOutput),
  mode: "read",
  profile: "all",
  tool: true,
  access: { tenant: "bots.manage" },
  rest: [bind({ method: "GET", path: "/api/bots" })],
  run: (ctx) => listAll(ctx.tx, now(ctx))
});
const whoamiBotOperation = defineTenantOperation({
  name: "whoami_bot",
  title: "Who am I (bot)",
  description: 'Describes the calling bot (bot token only): { bot, tenant, effectivePermissions }, e.g. effectivePermissions.records = { "invoices": ["read"] }.',
  input: z.object({}),
  output: whoamiBotOutput,
  mode: "read",
  profile: "all",
  tool: true,
  access: { tenant: "schema.read" },
  rest: [bind({ method: "GET", path: "/api/bots/me" })],
  run: (ctx) => whoamiBot(ctx.tx, ctx.principal, ctx.tenant, now(ctx))
});
const refParams = z.object({ bot_id: botRef.describe("Bot id, or its name") });
const revokeBot = defineTenantOperation({
  name: "revoke_bot",
  title: "Revoke bot",
  description: 'Ends a bot, e.g. { "bot_id": "invoice-sync" }: it can no longer identify and its tokens fail from the next request. Answers { bot_id, revoked: true }.',
  input: z.object(refInput),
  output: z.strictObject({ bot_id: z.string(), revoked: z.literal(true) }),
  mode: "write",
  destructive: true,
  idempotent: false,
  profile: "all",
  tool: true,
  access: { tenant: "bots.manage" },
  rest: [bind({ method: "DELETE", path: "/api/bots/:bot_id", params: refParams })],
  run: (ctx, input) => revoke(ctx.tx, botRefOf(input), now(ctx))
});
const resetBotSecretOperation = defineTenantOperation({
  name: "reset_bot_secret",
  title: "Reset bot secret",
  description: 'Gives a bot a new secret, e.g. { "bot_id": "invoice-sync" } \u2192 { bot_id, secret_key } (shown only now); tokens issued before fail from the next request.',
  input: z.object(refInput),
  output: z.strictObject({ bot_id: z.string(), secret_key: z.string(), tokensRevoked: z.literal(true) }),
  mode: "write",
  destructive: true,
  idempotent: false,
  profile: "advanced",
  tool: true,
  access: { tenant: "bots.manage" },
  rest: [bind({ method: "POST", path: "/api/bots/:bot_id/reset-secret", params: refParams })],
  run: (ctx, input) => resetBotSecret(ctx.tx, botRefOf(input), now(ctx))
});
export {
  identifyBot,
  listBots,
  registerBot,
  resetBotSecretOperation,
  revokeBot,
  whoamiBotOperation
};
//# sourceMappingURL=bots.js.map
