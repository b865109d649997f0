import { z } from "zod";
import { BOT_ROLES, RECORD_ACTIONS } from "../../domain/access/principal.js";
import { timestamp } from "../core/schemas.js";
import { tenantRefOutput } from "./auth.js";
const ENTITY_NAME = /^[a-z][a-z0-9_]{0,62}$/;
const botPermissionsInput = z.strictObject({
  entities: z.record(
    z.string().regex(ENTITY_NAME, 'must be an entity name (wildcards such as "*" are refused: name each entity)'),
    z.array(z.enum(RECORD_ACTIONS, { error: "must be create, read, update or delete (no wildcards)" })).transform((actions) => [...new Set(actions)])
  ).optional()
});
const botPermissionsOutput = z.strictObject({
  entities: z.record(z.string(), z.array(z.enum(RECORD_ACTIONS))).optional()
});
const botFields = {
  name: z.string(),
  description: z.string().nullable(),
  role: z.enum(BOT_ROLES),
  permissions: botPermissionsOutput,
  status: z.enum(["active", "locked", "revoked"]),
  lockedUntil: timestamp.nullable(),
  lastSeenAt: timestamp.nullable(),
  createdBy: z.string(),
  createdAt: timestamp,
  revokedAt: timestamp.nullable()
};
const botOutput = z.strictObject({ id: z.string(), ...botFields });
const registeredBotOutput = z.strictObject({ bot_id: z.string(), secret_key: z.string(), ...botFields });
const botIdentityOutput = z.strictObject({
  token: z.string(),
  tokenType: z.literal("Bearer"),
  expiresIn: z.number().int(),
  bot: z.strictObject({
    id: z.string(),
    name: z.string(),
    role: z.enum(BOT_ROLES),
    permissions: botPermissionsOutput,
    tenantId: z.string()
  })
});
const whoamiBotOutput = z.strictObject({
  bot: botOutput,
  tenant: tenantRefOutput,
  effectivePermissions: z.strictObject({
    role: z.enum(BOT_ROLES),
    schema: z.strictObject({ read: z.boolean(), write: z.boolean() }),
    manageUsers: z.boolean(),
    manageBots: z.boolean(),
    records: z.record(z.string(), z.array(z.enum(RECORD_ACTIONS)))
  })
});
export {
  botIdentityOutput,
  botOutput,
  botPermissionsInput,
  botPermissionsOutput,
  registeredBotOutput,
  whoamiBotOutput
};
//# sourceMappingURL=bots.js.map
